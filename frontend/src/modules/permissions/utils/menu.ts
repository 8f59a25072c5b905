import { canAccess } from './routePermissions';

/** The spec's badge kinds: unread messages, unseen notifications, pool entries waiting. */
export type BadgeKind = 'messages' | 'notifications' | 'shiftpoll';

/** The icons of the navigation (drawn by `NavIcon`). */
export type NavIconName =
  | 'home'
  | 'dashboard'
  | 'schedule'
  | 'templates'
  | 'calendar'
  | 'employees'
  | 'roles'
  | 'store'
  | 'plan'
  | 'clock'
  | 'clockNow'
  | 'timesheets'
  | 'reports'
  | 'availability'
  | 'pool'
  | 'messages'
  | 'notifications'
  | 'settings'
  | 'help'
  | 'support'
  | 'booking'
  | 'reservations';

/** A navigation entry: its path, catalogue key, icon and the count it shows, if any. */
export interface MenuEntry {
  path: string;
  labelKey: string;
  icon: NavIconName;
  badge?: BadgeKind;
  /** A store feature the entry needs besides its route's permission. */
  feature?: StoreFeature;
}

/** A feature a store turns on: client booking (`StoreView.bookingEnabled`). */
export type StoreFeature = 'booking';

/** The features the current store has on. */
export type StoreFeatures = Partial<Record<StoreFeature, boolean>>;

/**
 * The sidebar, in the spec's order, limited to the screens this app serves. An entry shows
 * when its route opens to the user (the route permission map decides, so no entry leads to a
 * refusal).
 */
export const SIDEBAR: MenuEntry[] = [
  { path: '/home', labelKey: 'nav.home', icon: 'home' },
  { path: '/dashboard', labelKey: 'nav.dashboard', icon: 'dashboard' },
  { path: '/schedule', labelKey: 'nav.schedule', icon: 'schedule' },
  { path: '/schedule/templates?tab=weekly', labelKey: 'nav.templates', icon: 'templates' },
  { path: '/calendar', labelKey: 'nav.calendar', icon: 'calendar' },
  { path: '/team?tab=Employee', labelKey: 'nav.employees', icon: 'employees' },
  { path: '/team?tab=Role', labelKey: 'nav.roles', icon: 'roles' },
  { path: '/business-info', labelKey: 'nav.storeSettings', icon: 'store' },
  { path: '/business-plan', labelKey: 'nav.businessPlan', icon: 'plan' },
  { path: '/booking', labelKey: 'nav.booking', icon: 'booking', feature: 'booking' },
  { path: '/reservations', labelKey: 'nav.reservations', icon: 'reservations', feature: 'booking' },
  { path: '/clock', labelKey: 'nav.clock', icon: 'clock' },
  { path: '/clock/now', labelKey: 'nav.clockNow', icon: 'clockNow' },
  { path: '/clock/timesheets', labelKey: 'nav.timesheets', icon: 'timesheets' },
  { path: '/reports', labelKey: 'nav.reports', icon: 'reports' },
  { path: '/availability', labelKey: 'nav.availability', icon: 'availability' },
  { path: '/more/shiftpoll', labelKey: 'nav.shiftPool', icon: 'pool', badge: 'shiftpoll' },
  { path: '/more/manager/shift-pool', labelKey: 'nav.managerShiftPool', icon: 'pool', badge: 'shiftpoll' },
  { path: '/messages', labelKey: 'nav.messages', icon: 'messages', badge: 'messages' },
  { path: '/notifications', labelKey: 'nav.notifications', icon: 'notifications', badge: 'notifications' },
  { path: '/help', labelKey: 'nav.help', icon: 'help' },
  { path: '/support', labelKey: 'nav.support', icon: 'support' },
  { path: '/settings', labelKey: 'nav.settings', icon: 'settings' },
];

/** The employee's pool, which a schedule manager's own pool replaces in their menu. */
const EMPLOYEE_POOL = '/more/shiftpoll';

/**
 * The entries a user sees: Booking and Reservations only while the store has booking on (and
 * the route's schedule permission lets the user in).
 */
export function visibleEntries(
  entries: MenuEntry[],
  permissions: string[],
  isOwner: boolean,
  features: StoreFeatures = {},
): MenuEntry[] {
  const scheduler = isOwner || permissions.includes('schedule');
  return entries.filter(
    (e) =>
      canAccess(e.path.split('?')[0] ?? e.path, permissions, isOwner) &&
      !(scheduler && e.path === EMPLOYEE_POOL) &&
      (!e.feature || features[e.feature] === true),
  );
}

/**
 * The phone's bottom navigation, as the spec orders it: Notifications, Employees for staff
 * managers, Calendar (Schedule for schedule managers), then Home (Dashboard for schedule
 * managers).
 * The rest of the sidebar is behind its More button ([`moreEntries`]).
 */
export function bottomEntries(permissions: string[], isOwner: boolean): MenuEntry[] {
  const can = (p: string) => isOwner || permissions.includes(p);
  const entries: MenuEntry[] = [{ path: '/notifications', labelKey: 'nav.notifications', icon: 'notifications', badge: 'notifications' }];
  if (can('employee')) {
    entries.push({ path: '/team?tab=Employee', labelKey: 'nav.employees', icon: 'employees' });
  }
  if (can('schedule')) {
    entries.push({ path: '/schedule', labelKey: 'nav.schedule', icon: 'schedule' });
    entries.push({ path: '/dashboard', labelKey: 'nav.dashboard', icon: 'dashboard' });
  } else {
    entries.push({ path: '/calendar', labelKey: 'nav.calendar', icon: 'calendar' });
    entries.push({ path: '/home', labelKey: 'nav.home', icon: 'home' });
  }
  return entries;
}

/** The sidebar entries a user sees that the phone's bottom navigation lacks, in order. */
export function moreEntries(permissions: string[], isOwner: boolean, features: StoreFeatures = {}): MenuEntry[] {
  const bottom = new Set(bottomEntries(permissions, isOwner).map((e) => e.path));
  return visibleEntries(SIDEBAR, permissions, isOwner, features).filter((e) => !bottom.has(e.path));
}
