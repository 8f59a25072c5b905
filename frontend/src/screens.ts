import { lazyScreen, type LazyScreen } from '@/modules/app/utils/lazyScreen';
import { loadDashboardPage, loadEmployeeHomePage, loadSchedulePage } from './firstScreens';

// Screens load on first visit, so the first paint needs only the shell and sign-in.
export const BusinessInfoPage = lazyScreen(() => import('@/pages/BusinessInfoPage').then((m) => m.BusinessInfoPage));
export const DashboardPage = lazyScreen(() => loadDashboardPage().then((m) => m.DashboardPage));
export const EmployeeHomePage = lazyScreen(() => loadEmployeeHomePage().then((m) => m.EmployeeHomePage));
export const CalendarPage = lazyScreen(() => import('@/pages/CalendarPages').then((m) => m.CalendarPage));
export const CalendarShiftDetailsPage = lazyScreen(() => import('@/pages/CalendarPages').then((m) => m.CalendarShiftDetailsPage));
export const SchedulePage = lazyScreen(() => loadSchedulePage().then((m) => m.SchedulePage));
export const TemplatesPage = lazyScreen(() => import('@/pages/TemplatesPage').then((m) => m.TemplatesPage));
export const SettingsPage = lazyScreen(() => import('@/pages/SettingsPage').then((m) => m.SettingsPage));
export const AvailabilityPage = lazyScreen(() => import('@/pages/AvailabilityPage').then((m) => m.AvailabilityPage));
export const NotificationsPage = lazyScreen(() => import('@/pages/NotificationsPage').then((m) => m.NotificationsPage));
export const ShiftPoolPage = lazyScreen(() => import('@/pages/ShiftPoolPage').then((m) => m.ShiftPoolPage));
export const ManagerShiftPoolPage = lazyScreen(() => import('@/pages/ShiftPoolPage').then((m) => m.ManagerShiftPoolPage));
export const TeamPage = lazyScreen(() => import('@/pages/TeamPage').then((m) => m.TeamPage));
export const OnboardEmployeePage = lazyScreen(() => import('@/modules/onboarding/components/OnboardEmployeePage').then((m) => m.OnboardEmployeePage));
export const OnboardOwnerPage = lazyScreen(() => import('@/modules/onboarding/components/OnboardOwnerPage').then((m) => m.OnboardOwnerPage));
export const ClockPage = lazyScreen(() => import('@/pages/ClockPages').then((m) => m.ClockPage));
export const NowPanel = lazyScreen(() => import('@/pages/ClockPages').then((m) => m.NowPanel));
export const ReportsPage = lazyScreen(() => import('@/pages/ReportsPage').then((m) => m.ReportsPage));
export const TimesheetPage = lazyScreen(() => import('@/pages/ClockPages').then((m) => m.TimesheetPage));
export const ClockDevicePage = lazyScreen(() => import('@/pages/ClockPages').then((m) => m.ClockDevicePage));
export const MessagesPage = lazyScreen(() => import('@/pages/MessagesPage').then((m) => m.MessagesPage));
export const NewNotificationPage = lazyScreen(() => import('@/pages/NewNotificationPage').then((m) => m.NewNotificationPage));
export const SupportPage = lazyScreen(() => import('@/pages/SupportPages').then((m) => m.SupportPage));
export const MyTicketsPage = lazyScreen(() => import('@/pages/SupportPages').then((m) => m.MyTicketsPage));
export const NewTicketPage = lazyScreen(() => import('@/pages/SupportPages').then((m) => m.NewTicketPage));
export const TicketDetailsPage = lazyScreen(() => import('@/pages/SupportPages').then((m) => m.TicketDetailsPage));
export const FaqPage = lazyScreen(() => import('@/pages/SupportPages').then((m) => m.FaqPage));
export const FeedbackPage = lazyScreen(() => import('@/pages/SupportPages').then((m) => m.FeedbackPage));
export const SupportTicketsPage = lazyScreen(() => import('@/pages/SupportPages').then((m) => m.SupportTicketsPage));
export const HelpPage = lazyScreen(() => import('@/pages/SupportPages').then((m) => m.HelpPage));
export const ResetPasswordPage = lazyScreen(() => import('@/modules/auth/components/ResetPasswordPage').then((m) => m.ResetPasswordPage));

/**
 * The screens people open the app on, by the code they load: the one the address names is
 * fetched at start (`start.ts`), and drawn without suspending once `main.tsx` has it.
 */
export const FIRST_SCREENS = new Map<() => Promise<unknown>, LazyScreen>([
  [loadSchedulePage, SchedulePage],
  [loadEmployeeHomePage, EmployeeHomePage],
  [loadDashboardPage, DashboardPage],
]);
