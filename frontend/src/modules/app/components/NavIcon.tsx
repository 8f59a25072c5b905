import {
  Activity,
  ArrowLeftRight,
  Bell,
  CalendarClock,
  CalendarPlus,
  ClipboardList,
  CalendarCheck,
  CalendarDays,
  House,
  LifeBuoy,
  CircleHelp,
  CreditCard,
  LayoutDashboard,
  LayoutTemplate,
  MessageCircle,
  Settings,
  Sheet,
  ChartColumn,
  Store,
  Tags,
  Timer,
  Users,
  type LucideIcon,
} from 'lucide-react';
import type { NavIconName } from '@/modules/permissions/utils/menu';

const ICONS: Record<NavIconName, LucideIcon> = {
  home: House,
  dashboard: LayoutDashboard,
  schedule: CalendarDays,
  templates: LayoutTemplate,
  calendar: CalendarCheck,
  employees: Users,
  roles: Tags,
  store: Store,
  plan: CreditCard,
  clock: Timer,
  clockNow: Activity,
  timesheets: Sheet,
  reports: ChartColumn,
  availability: CalendarClock,
  pool: ArrowLeftRight,
  messages: MessageCircle,
  notifications: Bell,
  settings: Settings,
  help: CircleHelp,
  support: LifeBuoy,
  booking: CalendarPlus,
  reservations: ClipboardList,
};

/** A navigation entry's icon (lucide), beside its label: hidden from screen readers. */
export function NavIcon({ name, size = 18 }: { name: NavIconName; size?: number }) {
  const Icon = ICONS[name];
  return <Icon size={size} aria-hidden="true" />;
}
