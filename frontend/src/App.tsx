import { Suspense, useCallback } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { Provider as StateProvider } from 'jotai';
import { AppThemeProvider } from '@/modules/app/components/AppThemeProvider';
import { ErrorBoundary } from '@/modules/app/components/ErrorBoundary';
import { NotFound } from '@/modules/app/components/NotFound';
import { ServerPage } from '@/modules/app/components/ServerPage';
import { SERVER_PAGES } from '@/modules/app/utils/serverPage';
import { StartupFrame } from '@/modules/app/components/StartupFrame';
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
import {
  BusinessInfoPage,
  BusinessPlanPage,
  DashboardPage,
  EmployeeHomePage,
  CalendarPage,
  CalendarShiftDetailsPage,
  SchedulePage,
  TemplatesPage,
  SettingsPage,
  AvailabilityPage,
  NotificationsPage,
  ShiftPoolPage,
  ManagerShiftPoolPage,
  TeamPage,
  OnboardEmployeePage,
  OnboardOwnerPage,
  ClockPage,
  NowPanel,
  ReportsPage,
  TimesheetPage,
  ClockDevicePage,
  MessagesPage,
  NewNotificationPage,
  SupportPage,
  MyTicketsPage,
  NewTicketPage,
  TicketDetailsPage,
  FaqPage,
  FeedbackPage,
  SupportTicketsPage,
  HelpPage,
  ResetPasswordPage,
  CodeSignInPage,
  GoogleSignInPage,
  BookingPage,
  BookingEventPage,
  BookingLinkPage,
  ReservationsPage,
  BookEventPage,
  ConfirmReservationPage,
  CancelReservationPage,
  RescheduleReservationPage,
  ThankYouPage,
  BlogAdminPage,
  BlogPostEditorPage,
} from './screens';


/** The signed-in data's loading, beside the routes: its own renders do not draw them again. */
function Bootstrap() {
  useBootstrap();
  return null;
}

function AppRoutes() {
  return (
    <Suspense fallback={<StartupFrame />}>
    <Routes>
      {/* The server answers `/` itself with the public landing page (backend `site/`), whose
          script sends a signed-in browser to `/app`; inside the app `/` still means home. */}
      <Route path="/" element={<HomeRedirect />} />
      <Route path="/app" element={<HomeRedirect />} />
      <Route path="/login" element={<PublicOnly><LoginPage /></PublicOnly>} />
      <Route path="/login/code" element={<PublicOnly><CodeSignInPage /></PublicOnly>} />
      {/* The return from Google: signed out, or linking Google from Settings. */}
      <Route path="/auth/google" element={<GoogleSignInPage />} />
      <Route path="/signup" element={<PublicOnly><SignupPage /></PublicOnly>} />
      <Route path="/reset-password" element={<ResetPasswordPage />} />
      <Route path="/onboarding" element={<OnboardingPage />} />
      <Route path="/onboard-owner" element={<OnboardOwnerPage />} />
      <Route path="/onboard-employee" element={<OnboardEmployeePage />} />
      <Route path="/clocks" element={<ClockDevicePage />} />
      {/* A client's booking pages: no account, whoever is signed in on this browser. */}
      <Route path="/book/:url" element={<BookEventPage />} />
      <Route path="/reservation/confirm/:token" element={<ConfirmReservationPage />} />
      <Route path="/reservation/cancel/:token" element={<CancelReservationPage />} />
      <Route path="/reservation/reschedule/:token" element={<RescheduleReservationPage />} />
      <Route path="/thank-you" element={<ThankYouPage />} />
      {/* The blog's editors' screens (the posts themselves are the server's pages). */}
      <Route path="/posts/admin" element={<BlogAdminPage />} />
      <Route path="/posts/admin/list" element={<BlogAdminPage />} />
      <Route path="/posts/admin/list/detail" element={<BlogPostEditorPage />} />
      {SERVER_PAGES.map((path) => (
        <Route key={path} path={path} element={<ServerPage />} />
      ))}
      <Route element={<SignedInGate />}>
        <Route path="/home" element={<EmployeeHomePage />} />
        <Route path="/calendar" element={<CalendarPage />} />
        <Route path="/calendar-shift-details" element={<CalendarShiftDetailsPage />} />
        <Route path="/schedule" element={<RequirePermission><SchedulePage /></RequirePermission>} />
        <Route path="/schedule/templates" element={<RequirePermission><TemplatesPage /></RequirePermission>} />
        <Route path="/dashboard" element={<RequirePermission><DashboardPage /></RequirePermission>} />
        <Route path="/team" element={<RequirePermission><TeamPage /></RequirePermission>} />
        <Route path="/business-info" element={<RequirePermission><BusinessInfoPage /></RequirePermission>} />
        <Route path="/business-plan" element={<RequirePermission><BusinessPlanPage /></RequirePermission>} />
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
        <Route path="/booking" element={<RequirePermission><BookingPage /></RequirePermission>} />
        <Route path="/booking/create" element={<RequirePermission><BookingEventPage /></RequirePermission>} />
        <Route path="/booking/edit/:id" element={<RequirePermission><BookingEventPage /></RequirePermission>} />
        <Route path="/booking/link/:id" element={<RequirePermission><BookingLinkPage /></RequirePermission>} />
        {/* The spec's sub-pages of a new event are the wizard's steps. */}
        {(
          [
            ['detail', 'details'],
            ['time', 'time'],
            ['availability', 'options'],
            ['options', 'options'],
            ['confirm', 'confirm'],
          ] as const
        ).map(([page, step]) => (
          <Route key={page} path={`/booking/${page}`} element={<Navigate to={`/booking/create?step=${step}`} replace />} />
        ))}
        <Route path="/reservations" element={<RequirePermission><ReservationsPage /></RequirePermission>} />
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
  const { storeId, detail } = useCurrentStore();
  const { refreshMe, signOut } = useSession();
  // The server closed the socket because the session ended: `/me` confirms it (its 401
  // forgets the session), and any other failure signs out as at start-up.
  const handleSessionEnded = useCallback(() => {
    refreshMe().catch(() => signOut());
  }, [refreshMe, signOut]);
  return (
    <RealtimeProvider token={token} storeId={storeId} storeReadAt={detail?.store.id === storeId ? detail.version : null} onSessionEnded={handleSessionEnded}>
      {children}
    </RealtimeProvider>
  );
}

/** The web app: state, theme, realtime, routes. */
export function App() {
  return (
    <StateProvider>
      <AppThemeProvider>
        <ErrorBoundary>
          <BrowserRouter>
            <Realtime>
              <Bootstrap />
              <AppRoutes />
              <SnackbarHost />
              <UpdatePrompt />
            </Realtime>
          </BrowserRouter>
        </ErrorBoundary>
      </AppThemeProvider>
    </StateProvider>
  );
}
