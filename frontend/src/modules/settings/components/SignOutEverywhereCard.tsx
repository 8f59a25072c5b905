import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { errorText } from '@/modules/api/errors';
import { useSession } from '@/modules/auth/hooks/useSession';
import { Button } from '@/modules/ui/components/Button';
import { FormError } from '@/modules/ui/components/Field';
import { Card, Muted, Row, Stack } from '@/modules/ui/components/Layout';

/** Sign out on every device and browser, this one included. */
export function SignOutEverywhereCard() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { signOutEverywhere } = useSession();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const handleSignOutEverywhere = async () => {
    setFailure(null);
    setBusy(true);
    try {
      await signOutEverywhere();
      navigate('/login');
    } catch (ex) {
      setFailure(errorText(t, ex));
      setBusy(false);
    }
  };

  return (
    <Card>
      <Stack>
        <h2 style={{ margin: 0 }}>{t('settings.sessions')}</h2>
        <Muted>{t('settings.signOutEverywhereExplain')}</Muted>
        {failure ? <FormError role="alert">{failure}</FormError> : null}
        <Row $justify="flex-end">
          <Button type="button" $variant="secondary" disabled={busy} onClick={handleSignOutEverywhere}>
            {t('settings.signOutEverywhere')}
          </Button>
        </Row>
      </Stack>
    </Card>
  );
}
