import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { RecoilRoot } from 'recoil';
import { AppThemeProvider } from '@/modules/app/components/AppThemeProvider';
import { ErrorBoundary } from '@/modules/app/components/ErrorBoundary';
import { NotFound } from '@/modules/app/components/NotFound';
import { RequirePermission } from '@/modules/app/components/RequirePermission';
import { HomeRedirect, PublicOnly, SignedInGate } from '@/modules/app/components/SignedInGate';
import { useBootstrap } from '@/modules/app/hooks/useBootstrap';
import { LoginPage } from '@/modules/auth/components/LoginPage';
import { ResetPasswordPage } from '@/modules/auth/components/ResetPasswordPage';
import { SignupPage } from '@/modules/auth/components/SignupPage';
import { useToken } from '@/modules/auth/hooks/useToken';
import { OnboardEmployeePage } from '@/modules/onboarding/components/OnboardEmployeePage';
import { OnboardingPage } from '@/modules/onboarding/components/OnboardingPage';
import { OnboardOwnerPage } from '@/modules/onboarding/components/OnboardOwnerPage';
import { RealtimeProvider } from '@/modules/realtime/components/RealtimeProvider';
import { SnackbarHost } from '@/modules/snackbar/components/SnackbarHost';
import { useCurrentStore } from '@/modules/stores/hooks/useCurrentStore';
import { BusinessInfoPage } from '@/pages/BusinessInfoPage';
import { DashboardPage } from '@/pages/DashboardPage';
import { EmployeeHomePage } from '@/pages/EmployeeHomePage';
import { SchedulePage } from '@/pages/SchedulePage';
import { SettingsPage } from '@/pages/SettingsPage';
import { TeamPage } from '@/pages/TeamPage';

function AppRoutes() {
  useBootstrap();
  return (
    <Routes>
      <Route path="/" element={<HomeRedirect />} />
      <Route path="/login" element={<PublicOnly><LoginPage /></PublicOnly>} />
      <Route path="/signup" element={<PublicOnly><SignupPage /></PublicOnly>} />
      <Route path="/reset-password" element={<ResetPasswordPage />} />
      <Route path="/onboarding" element={<OnboardingPage />} />
      <Route path="/onboard-owner" element={<OnboardOwnerPage />} />
      <Route path="/onboard-employee" element={<OnboardEmployeePage />} />
      <Route element={<SignedInGate />}>
        <Route path="/home" element={<EmployeeHomePage />} />
        <Route path="/schedule" element={<RequirePermission><SchedulePage /></RequirePermission>} />
        <Route path="/dashboard" element={<RequirePermission><DashboardPage /></RequirePermission>} />
        <Route path="/team" element={<RequirePermission><TeamPage /></RequirePermission>} />
        <Route path="/business-info" element={<RequirePermission><BusinessInfoPage /></RequirePermission>} />
        <Route path="/settings" element={<SettingsPage />} />
        <Route path="/profile" element={<Navigate to="/settings" replace />} />
      </Route>
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}

function Realtime({ children }: { children: React.ReactNode }) {
  const token = useToken();
  const { storeId } = useCurrentStore();
  return (
    <RealtimeProvider token={token} storeId={storeId}>
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
            </Realtime>
          </BrowserRouter>
        </ErrorBoundary>
      </AppThemeProvider>
    </RecoilRoot>
  );
}
