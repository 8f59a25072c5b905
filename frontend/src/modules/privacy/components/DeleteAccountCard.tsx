import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { errorText } from '@/modules/api/errors';
import { useApi } from '@/modules/auth/hooks/useApi';
import { useMe } from '@/modules/auth/hooks/useMe';
import { useSession } from '@/modules/auth/hooks/useSession';
import { useSnackbar } from '@/modules/snackbar/hooks/useSnackbar';
import { Button } from '@/modules/ui/components/Button';
import { Dialog } from '@/modules/ui/components/Dialog';
import { FormError, TextField } from '@/modules/ui/components/Field';
import { Card, Muted, Row, Stack } from '@/modules/ui/components/Layout';
import { confirmsDeletion } from '../utils/privacy';

/**
 * Deletes the account after the person types its address. The server ends every session, so
 * this browser forgets its own and goes to the sign-in page.
 */
export function DeleteAccountCard() {
  const { t } = useTranslation();
  const api = useApi();
  const me = useMe();
  const { forget } = useSession();
  const navigate = useNavigate();
  const snack = useSnackbar();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const email = me?.email ?? '';
  const confirmed = confirmsDeletion(typed, email);

  const handleClose = () => {
    setOpen(false);
    setTyped('');
    setFailure(null);
  };

  const handleDelete = async (e: FormEvent) => {
    e.preventDefault();
    if (!confirmed) return;
    setBusy(true);
    setFailure(null);
    try {
      await api.call('deleteAccount', { confirmation: typed.trim() });
      forget();
      snack(t('privacy.deleted'), 'success', 'account-deleted');
      navigate('/login');
    } catch (ex) {
      setFailure(errorText(t, ex));
      setBusy(false);
    }
  };

  return (
    <Card>
      <Stack>
        <h2 style={{ margin: 0 }}>{t('privacy.deleteAccount')}</h2>
        <Muted>{t('privacy.deleteExplain')}</Muted>
        <Row $justify="flex-end">
          <Button type="button" $variant="danger" onClick={() => setOpen(true)} data-testid="delete-account">
            {t('privacy.deleteAccountButton')}
          </Button>
        </Row>
      </Stack>
      {open ? (
        <Dialog title={t('privacy.deleteTitle')} onClose={handleClose}>
          <form onSubmit={handleDelete} noValidate>
            <Stack>
              <p style={{ margin: 0 }}>{t('privacy.deleteWarning')}</p>
              <TextField
                label={t('privacy.typeEmail', { email })}
                type="email"
                dir="ltr"
                autoComplete="off"
                value={typed}
                onChange={(e) => setTyped(e.target.value)}
                data-testid="delete-confirmation"
              />
              {failure ? <FormError role="alert">{failure}</FormError> : null}
              <Row $justify="flex-end" $gap={2}>
                <Button type="button" $variant="secondary" onClick={handleClose}>{t('common.cancel')}</Button>
                <Button type="submit" $variant="danger" disabled={!confirmed || busy} data-testid="confirm-delete">
                  {t('privacy.deleteForever')}
                </Button>
              </Row>
            </Stack>
          </form>
        </Dialog>
      ) : null}
    </Card>
  );
}
