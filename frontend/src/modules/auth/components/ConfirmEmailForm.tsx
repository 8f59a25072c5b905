import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/modules/api/errors';
import { useForm } from '@/modules/forms/useForm';
import { fourDigitCode } from '@/modules/forms/validation';
import { useReportedCall } from '@/modules/snackbar/hooks/useReportedCall';
import { Button } from '@/modules/ui/components/Button';
import { FormError, TextField } from '@/modules/ui/components/Field';
import { Muted, Row, Stack } from '@/modules/ui/components/Layout';
import { useApi } from '../hooks/useApi';
import { useSession } from '../hooks/useSession';

const rules = () => ({ code: [fourDigitCode] });

/** Enter the 4-digit code mailed to confirm the account's e-mail. */
export function ConfirmEmailForm({ email, onConfirmed }: { email: string; onConfirmed?: () => void }) {
  const { t } = useTranslation();
  const api = useApi();
  const { refreshMe } = useSession();
  const { run } = useReportedCall();
  const form = useForm({ code: '' }, rules);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const handleSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!form.check()) return;
    setBusy(true);
    setFailure(null);
    try {
      await api.call('confirmEmail', { code: form.values.code.trim() });
      await refreshMe();
      onConfirmed?.();
    } catch (err) {
      setFailure(errorText(t, err));
    } finally {
      setBusy(false);
    }
  };

  const handleResend = () =>
    run(() => api.call('requestEmailConfirmation', {}), { key: 'confirm-code', done: () => t('auth.codeSent', { email }) });

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack>
        <Muted>{t('auth.confirmHint', { email })}</Muted>
        <TextField label={t('fields.code')} inputMode="numeric" autoComplete="one-time-code" maxLength={4} {...form.field('code')} error={form.errors.code && t(form.errors.code)} />
        {failure ? <FormError role="alert">{failure}</FormError> : null}
        <Row $justify="space-between">
          <Button type="button" $variant="ghost" onClick={handleResend}>{t('auth.resendCode')}</Button>
          <Button type="submit" disabled={busy}>{t('auth.confirm')}</Button>
        </Row>
      </Stack>
    </form>
  );
}
