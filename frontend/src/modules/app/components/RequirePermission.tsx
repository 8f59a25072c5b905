import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { canAccess } from '@/modules/permissions/utils/routePermissions';
import { useCurrentStore } from '@/modules/stores/hooks/useCurrentStore';
import { Card, NarrowPage } from '@/modules/ui/components/Layout';

/** Shows `children` only to users the route permission map lets in. */
export function RequirePermission({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const location = useLocation();
  const { permissions } = useCurrentStore();
  if (canAccess(location.pathname, permissions.names, permissions.isOwner)) return <>{children}</>;
  return (
    <NarrowPage>
      <Card role="alert">{t('errors.permissionDenied')}</Card>
    </NarrowPage>
  );
}

/**
 * Sends signed-out visitors to sign in. Signing in leads home, not back: the next person to
 * sign in on this browser may not be the one who left.
 */
export function RedirectToLogin() {
  return <Navigate to="/login" replace />;
}
