import { useTranslation } from 'react-i18next';
import { useMe } from '../hooks/useMe';
import { useSession } from '../hooks/useSession';
import { Button } from '@/modules/ui/components/Button';
import { AuthCard } from './AuthCard';
import { ConfirmEmailForm } from './ConfirmEmailForm';

/** Shown to a signed-in user whose e-mail is not confirmed yet. */
export function ConfirmEmailScreen() {
  const { t } = useTranslation();
  const me = useMe();
  const { signOut } = useSession();
  return (
    <AuthCard title={t('auth.confirmTitle')}>
      <ConfirmEmailForm email={me?.email ?? ''} />
      <Button $variant="ghost" onClick={signOut}>{t('auth.signOut')}</Button>
    </AuthCard>
  );
}
