import { lazyComponent, type LazyComponent } from '@/modules/app/utils/lazyComponent';
import { loadDashboardPage, loadEmployeeHomePage, loadSchedulePage } from './firstScreens';

// Screens load on first visit, so the first paint needs only the shell and sign-in.
export const BusinessInfoPage = lazyComponent(() => import('@/pages/BusinessInfoPage').then((m) => m.BusinessInfoPage));
export const BusinessPlanPage = lazyComponent(() => import('@/pages/BusinessPlanPage').then((m) => m.BusinessPlanPage));
export const DashboardPage = lazyComponent(() => loadDashboardPage().then((m) => m.DashboardPage));
export const EmployeeHomePage = lazyComponent(() => loadEmployeeHomePage().then((m) => m.EmployeeHomePage));
export const CalendarPage = lazyComponent(() => import('@/pages/CalendarPages').then((m) => m.CalendarPage));
export const CalendarShiftDetailsPage = lazyComponent(() => import('@/pages/CalendarPages').then((m) => m.CalendarShiftDetailsPage));
export const SchedulePage = lazyComponent(() => loadSchedulePage().then((m) => m.SchedulePage));
export const TemplatesPage = lazyComponent(() => import('@/pages/TemplatesPage').then((m) => m.TemplatesPage));
export const SettingsPage = lazyComponent(() => import('@/pages/SettingsPage').then((m) => m.SettingsPage));
export const AvailabilityPage = lazyComponent(() => import('@/pages/AvailabilityPage').then((m) => m.AvailabilityPage));
export const NotificationsPage = lazyComponent(() => import('@/pages/NotificationsPage').then((m) => m.NotificationsPage));
export const ShiftPoolPage = lazyComponent(() => import('@/pages/ShiftPoolPage').then((m) => m.ShiftPoolPage));
export const ManagerShiftPoolPage = lazyComponent(() => import('@/pages/ShiftPoolPage').then((m) => m.ManagerShiftPoolPage));
export const TeamPage = lazyComponent(() => import('@/pages/TeamPage').then((m) => m.TeamPage));
export const OnboardEmployeePage = lazyComponent(() => import('@/modules/onboarding/components/OnboardEmployeePage').then((m) => m.OnboardEmployeePage));
export const OnboardOwnerPage = lazyComponent(() => import('@/modules/onboarding/components/OnboardOwnerPage').then((m) => m.OnboardOwnerPage));
export const ClockPage = lazyComponent(() => import('@/pages/ClockPages').then((m) => m.ClockPage));
export const NowPanel = lazyComponent(() => import('@/pages/ClockPages').then((m) => m.NowPanel));
export const ReportsPage = lazyComponent(() => import('@/pages/ReportsPage').then((m) => m.ReportsPage));
export const TimesheetPage = lazyComponent(() => import('@/pages/ClockPages').then((m) => m.TimesheetPage));
export const ClockDevicePage = lazyComponent(() => import('@/pages/ClockPages').then((m) => m.ClockDevicePage));
export const MessagesPage = lazyComponent(() => import('@/pages/MessagesPage').then((m) => m.MessagesPage));
export const NewNotificationPage = lazyComponent(() => import('@/pages/NewNotificationPage').then((m) => m.NewNotificationPage));
export const SupportPage = lazyComponent(() => import('@/pages/SupportPages').then((m) => m.SupportPage));
export const MyTicketsPage = lazyComponent(() => import('@/pages/SupportPages').then((m) => m.MyTicketsPage));
export const NewTicketPage = lazyComponent(() => import('@/pages/SupportPages').then((m) => m.NewTicketPage));
export const TicketDetailsPage = lazyComponent(() => import('@/pages/SupportPages').then((m) => m.TicketDetailsPage));
export const FaqPage = lazyComponent(() => import('@/pages/SupportPages').then((m) => m.FaqPage));
export const FeedbackPage = lazyComponent(() => import('@/pages/SupportPages').then((m) => m.FeedbackPage));
export const SupportTicketsPage = lazyComponent(() => import('@/pages/SupportPages').then((m) => m.SupportTicketsPage));
export const HelpPage = lazyComponent(() => import('@/pages/SupportPages').then((m) => m.HelpPage));
const loadBooking = () => import('@/pages/BookingPages');
export const BookingPage = lazyComponent(() => loadBooking().then((m) => m.BookingPage));
export const BookingEventPage = lazyComponent(() => loadBooking().then((m) => m.BookingEventPage));
export const BookingLinkPage = lazyComponent(() => loadBooking().then((m) => m.BookingLinkPage));
export const ReservationsPage = lazyComponent(() => loadBooking().then((m) => m.ReservationsPage));
export const BookEventPage = lazyComponent(() => loadBooking().then((m) => m.BookEventPage));
export const ConfirmReservationPage = lazyComponent(() => loadBooking().then((m) => m.ConfirmReservationPage));
export const CancelReservationPage = lazyComponent(() => loadBooking().then((m) => m.CancelReservationPage));
export const RescheduleReservationPage = lazyComponent(() => loadBooking().then((m) => m.RescheduleReservationPage));
export const ThankYouPage = lazyComponent(() => loadBooking().then((m) => m.ThankYouPage));
export const BlogAdminPage = lazyComponent(() => import('@/pages/BlogPages').then((m) => m.BlogAdminPage));
export const BlogPostEditorPage = lazyComponent(() => import('@/pages/BlogPages').then((m) => m.BlogPostEditorPage));
export const CodeSignInPage = lazyComponent(() => import('@/modules/auth/components/CodeSignInPage').then((m) => m.CodeSignInPage));
export const GoogleSignInPage = lazyComponent(() => import('@/modules/auth/components/GoogleSignInPage').then((m) => m.GoogleSignInPage));
export const ResetPasswordPage = lazyComponent(() => import('@/modules/auth/components/ResetPasswordPage').then((m) => m.ResetPasswordPage));

/**
 * The screens people open the app on, by the code they load: the one the address names is
 * fetched at start (`start.ts`), and drawn without suspending once `main.tsx` has it.
 */
export const FIRST_SCREENS = new Map<() => Promise<unknown>, LazyComponent>([
  [loadSchedulePage, SchedulePage],
  [loadEmployeeHomePage, EmployeeHomePage],
  [loadDashboardPage, DashboardPage],
]);
