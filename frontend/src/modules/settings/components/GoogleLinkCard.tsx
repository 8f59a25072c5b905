import { useTranslation } from 'react-i18next';
import { useApi } from '@/modules/auth/hooks/useApi';
import { useSignInMethods } from '@/modules/auth/hooks/useSignInMethods';
import { goToGoogle } from '@/modules/auth/utils/google';
import { useReportedCall } from '@/modules/snackbar/hooks/useReportedCall';
import { Button } from '@/modules/ui/components/Button';
import { Card, Muted, Row, Stack } from '@/modules/ui/components/Layout';

/**
 * Links a Google account to the signed-in one, whatever its address, so either signs in:
 * offered when the server has Google sign-in. The server asks for a recent sign-in first.
 */
export function GoogleLinkCard() {
  const { t } = useTranslation();
  const api = useApi();
  const methods = useSignInMethods();
  const { run, busy } = useReportedCall();
  if (!methods?.google) return null;

  const handleLink = async () => {
    const started = await run(() => api.call('requestGoogleLink', {}), { key: 'google-link' });
    if (started) goToGoogle(started.data.url, '/settings');
  };

  return (
    <Card>
      <Stack>
        <h2 style={{ margin: 0 }}>{t('settings.google')}</h2>
        <Muted>{t('settings.googleExplain')}</Muted>
        <Row $justify="flex-end">
          <Button type="button" $variant="secondary" disabled={busy} onClick={() => void handleLink()}>{t('settings.linkGoogle')}</Button>
        </Row>
      </Stack>
    </Card>
  );
}
