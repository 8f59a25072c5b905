import { lazy, Suspense, useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { RecoilRoot } from 'recoil';
import { AppThemeProvider } from '@/modules/app/components/AppThemeProvider';
import { ErrorBoundary } from '@/modules/app/components/ErrorBoundary';
import { NotFound } from '@/modules/app/components/NotFound';
import { RequirePermission } from '@/modules/app/components/RequirePermission';
import { HomeRedirect, PublicOnly, SignedInGate } from '@/modules/app/components/SignedInGate';
import { useBootstrap } from '@/modules/app/hooks/useBootstrap';
import { LoginPage } from '@/modules/auth/components/LoginPage';
import { SignupPage } from '@/modules/auth/components/SignupPage';
import { useSession } from '@/modules/auth/hooks/useSession';
import { useToken } from '@/modules/auth/hooks/useToken';
import { OnboardingPage } from '@/modules/onboarding/components/OnboardingPage';
import { UpdatePrompt } from '@/modules/pwa/components/UpdatePrompt';
import { RealtimeProvider } from '@/modules/realtime/components/RealtimeProvider';
import { SnackbarHost } from '@/modules/snackbar/components/SnackbarHost';
import { useCurrentStore } from '@/modules/stores/hooks/useCurrentStore';
import { Loading } from '@/modules/ui/components/Spinner';

// Screens load on first visit, so the first paint needs only the shell and sign-in.
const BusinessInfoPage = lazy(() => import('@/pages/BusinessInfoPage').then((m) => ({ default: m.BusinessInfoPage })));
const DashboardPage = lazy(() => import('@/pages/DashboardPage').then((m) => ({ default: m.DashboardPage })));
const EmployeeHomePage = lazy(() => import('@/pages/EmployeeHomePage').then((m) => ({ default: m.EmployeeHomePage })));
const CalendarPage = lazy(() => import('@/pages/CalendarPages').then((m) => ({ default: m.CalendarPage })));
const CalendarShiftDetailsPage = lazy(() => import('@/pages/CalendarPages').then((m) => ({ default: m.CalendarShiftDetailsPage })));
const SchedulePage = lazy(() => import('@/pages/SchedulePage').then((m) => ({ default: m.SchedulePage })));
const TemplatesPage = lazy(() => import('@/pages/TemplatesPage').then((m) => ({ default: m.TemplatesPage })));
const SettingsPage = lazy(() => import('@/pages/SettingsPage').then((m) => ({ default: m.SettingsPage })));
const AvailabilityPage = lazy(() => import('@/pages/AvailabilityPage').then((m) => ({ default: m.AvailabilityPage })));
const NotificationsPage = lazy(() => import('@/pages/NotificationsPage').then((m) => ({ default: m.NotificationsPage })));
const ShiftPoolPage = lazy(() => import('@/pages/ShiftPoolPage').then((m) => ({ default: m.ShiftPoolPage })));
const ManagerShiftPoolPage = lazy(() => import('@/pages/ShiftPoolPage').then((m) => ({ default: m.ManagerShiftPoolPage })));
const TeamPage = lazy(() => import('@/pages/TeamPage').then((m) => ({ default: m.TeamPage })));
const OnboardEmployeePage = lazy(() => import('@/modules/onboarding/components/OnboardEmployeePage').then((m) => ({ default: m.OnboardEmployeePage })));
const OnboardOwnerPage = lazy(() => import('@/modules/onboarding/components/OnboardOwnerPage').then((m) => ({ default: m.OnboardOwnerPage })));
const ClockPage = lazy(() => import('@/pages/ClockPages').then((m) => ({ default: m.ClockPage })));
const NowPanel = lazy(() => import('@/pages/ClockPages').then((m) => ({ default: m.NowPanel })));
const ReportsPage = lazy(() => import('@/pages/ReportsPage').then((m) => ({ default: m.ReportsPage })));
const TimesheetPage = lazy(() => import('@/pages/ClockPages').then((m) => ({ default: m.TimesheetPage })));
const ClockDevicePage = lazy(() => import('@/pages/ClockPages').then((m) => ({ default: m.ClockDevicePage })));
const MessagesPage = lazy(() => import('@/pages/MessagesPage').then((m) => ({ default: m.MessagesPage })));
const NewNotificationPage = lazy(() => import('@/pages/NewNotificationPage').then((m) => ({ default: m.NewNotificationPage })));
const SupportPage = lazy(() => import('@/pages/SupportPages').then((m) => ({ default: m.SupportPage })));
const MyTicketsPage = lazy(() => import('@/pages/SupportPages').then((m) => ({ default: m.MyTicketsPage })));
const NewTicketPage = lazy(() => import('@/pages/SupportPages').then((m) => ({ default: m.NewTicketPage })));
const TicketDetailsPage = lazy(() => import('@/pages/SupportPages').then((m) => ({ default: m.TicketDetailsPage })));
const FaqPage = lazy(() => import('@/pages/SupportPages').then((m) => ({ default: m.FaqPage })));
const FeedbackPage = lazy(() => import('@/pages/SupportPages').then((m) => ({ default: m.FeedbackPage })));
const SupportTicketsPage = lazy(() => import('@/pages/SupportPages').then((m) => ({ default: m.SupportTicketsPage })));
const HelpPage = lazy(() => import('@/pages/SupportPages').then((m) => ({ default: m.HelpPage })));
const ResetPasswordPage = lazy(() => import('@/modules/auth/components/ResetPasswordPage').then((m) => ({ default: m.ResetPasswordPage })));

function AppRoutes() {
  useBootstrap();
  const { t } = useTranslation();
  return (
    <Suspense fallback={<Loading label={t('common.loading')} />}>
    <Routes>
      <Route path="/" element={<HomeRedirect />} />
      <Route path="/login" element={<PublicOnly><LoginPage /></PublicOnly>} />
      <Route path="/signup" element={<PublicOnly><SignupPage /></PublicOnly>} />
      <Route path="/reset-password" element={<ResetPasswordPage />} />
      <Route path="/onboarding" element={<OnboardingPage />} />
      <Route path="/onboard-owner" element={<OnboardOwnerPage />} />
      <Route path="/onboard-employee" element={<OnboardEmployeePage />} />
      <Route path="/clocks" element={<ClockDevicePage />} />
      <Route element={<SignedInGate />}>
        <Route path="/home" element={<EmployeeHomePage />} />
        <Route path="/calendar" element={<CalendarPage />} />
        <Route path="/calendar-shift-details" element={<CalendarShiftDetailsPage />} />
        <Route path="/schedule" element={<RequirePermission><SchedulePage /></RequirePermission>} />
        <Route path="/schedule/templates" element={<RequirePermission><TemplatesPage /></RequirePermission>} />
        <Route path="/dashboard" element={<RequirePermission><DashboardPage /></RequirePermission>} />
        <Route path="/team" element={<RequirePermission><TeamPage /></RequirePermission>} />
        <Route path="/business-info" element={<RequirePermission><BusinessInfoPage /></RequirePermission>} />
        <Route path="/availability" element={<AvailabilityPage />} />
        <Route path="/availability-manager" element={<Navigate to="/availability?tab=requests" replace />} />
        <Route path="/more/shiftpoll" element={<ShiftPoolPage />} />
        <Route path="/more/manager/shift-pool" element={<RequirePermission><ManagerShiftPoolPage /></RequirePermission>} />
        <Route path="/notifications" element={<NotificationsPage />} />
        <Route path="/newNotification" element={<RequirePermission><NewNotificationPage /></RequirePermission>} />
        <Route path="/messages" element={<MessagesPage />} />
        <Route path="/clock" element={<ClockPage />} />
        <Route path="/clock/now" element={<RequirePermission><NowPanel /></RequirePermission>} />
        <Route path="/clock/timesheets" element={<RequirePermission><TimesheetPage /></RequirePermission>} />
        <Route path="/reports" element={<RequirePermission><ReportsPage /></RequirePermission>} />
        <Route path="/settings" element={<SettingsPage />} />
        <Route path="/support" element={<SupportPage />} />
        <Route path="/support/ticket" element={<MyTicketsPage />} />
        <Route path="/support/ticket/newTicket" element={<NewTicketPage />} />
        <Route path="/support/ticket/ticketDetails" element={<TicketDetailsPage />} />
        <Route path="/support/faq" element={<FaqPage />} />
        <Route path="/support/feedback" element={<FeedbackPage />} />
        <Route path="/tickets" element={<SupportTicketsPage />} />
        <Route path="/help" element={<HelpPage />} />
        <Route path="/profile" element={<Navigate to="/settings" replace />} />
      </Route>
      <Route path="*" element={<NotFound />} />
    </Routes>
    </Suspense>
  );
}

function Realtime({ children }: { children: React.ReactNode }) {
  const token = useToken();
  const { storeId } = useCurrentStore();
  const { refreshMe, signOut } = useSession();
  // The server closed the socket because the session ended: `/me` confirms it (its 401
  // forgets the session), and any other failure signs out as at start-up.
  const handleSessionEnded = useCallback(() => {
    refreshMe().catch(() => signOut());
  }, [refreshMe, signOut]);
  return (
    <RealtimeProvider token={token} storeId={storeId} onSessionEnded={handleSessionEnded}>
      {children}
    </RealtimeProvider>
  );
}

/** The web app: state, theme, realtime, routes. */
export function App() {
  return (
    <RecoilRoot>
      <AppThemeProvider>
        <ErrorBoundary>
          <BrowserRouter>
            <Realtime>
              <AppRoutes />
              <SnackbarHost />
              <UpdatePrompt />
            </Realtime>
          </BrowserRouter>
        </ErrorBoundary>
      </AppThemeProvider>
    </RecoilRoot>
  );
}
