import { useDeferredValue, type ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { ConfirmEmailScreen } from '@/modules/auth/components/ConfirmEmailScreen';
import { useHomeState } from '../hooks/useHomeState';
import { AppShell } from './AppShell';
import { RedirectToLogin } from './RequirePermission';
import { StartupFrame } from './StartupFrame';

/**
 * The signed-in area: waits while loading, sends signed-out visitors to sign in, asks for
 * the e-mail code first, sends people without a store to onboarding.
 */
export function SignedInGate() {
  const home = useHomeState();
  const { needsConfirm, needsStore } = home;
  // The frame is drawn as the user and the store arrive in a render of its own, in slices
  // between which a phone paints and takes input: the arrival itself may come in an urgent
  // render (another part of the page drawing at once), which keeps the startup frame meanwhile.
  const deferred = useDeferredValue(home.state);
  const state = home.state === 'signedOut' ? home.state : deferred;
  if (state === 'signedOut') return <RedirectToLogin />;
  if (needsConfirm) return <ConfirmEmailScreen />;
  if (needsStore) return <Navigate to="/onboarding" replace />;
  if (state === 'loading') return <StartupFrame />;
  return <AppShell />;
}

/** `/`: the home of the user's state. */
export function HomeRedirect() {
  const { state, path, needsConfirm, needsStore } = useHomeState();
  if (state === 'signedOut') return <Navigate to="/login" replace />;
  if (needsConfirm) return <ConfirmEmailScreen />;
  if (needsStore) return <Navigate to="/onboarding" replace />;
  if (state === 'loading') return <StartupFrame />;
  return <Navigate to={path} replace />;
}

/** Account screens: signed-in users go to their home. */
export function PublicOnly({ children }: { children: ReactNode }) {
  const { state } = useHomeState();
  if (state !== 'signedOut') return <Navigate to="/" replace />;
  return <>{children}</>;
}
