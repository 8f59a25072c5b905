import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '@/modules/auth/hooks/useApi';
import { useForm } from '@/modules/forms/useForm';
import { matches, password, required } from '@/modules/forms/validation';
import { useReportedCall } from '@/modules/snackbar/hooks/useReportedCall';
import { Button } from '@/modules/ui/components/Button';
import { FormError, TextField } from '@/modules/ui/components/Field';
import { Card, Row, Stack } from '@/modules/ui/components/Layout';

type Fields = 'current' | 'password' | 'confirm';
const rules = (v: Record<Fields, string>) => ({ current: [required], password: [password], confirm: [matches(v.password)] });

/** Change the password, given the current one. */
export function PasswordForm() {
  const { t } = useTranslation();
  const api = useApi();
  const { run } = useReportedCall();
  const form = useForm<Fields>({ current: '', password: '', confirm: '' }, rules);
  const [failure, setFailure] = useState<string | null>(null);
  const err = (k: Fields) => (form.errors[k] ? t(form.errors[k]) : null);

  const handleSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!form.check()) return;
    const changed = await run(
      () => api.call('authenticatedResetPassword', { oldPassword: form.values.current, newPassword: form.values.password }),
      { key: 'password', done: 'auth.passwordChanged', inline: setFailure },
    );
    if (changed) form.setValues({ current: '', password: '', confirm: '' });
  };

  return (
    <Card>
      <form onSubmit={handleSubmit} noValidate>
        <Stack>
          <h2 style={{ margin: 0 }}>{t('settings.password')}</h2>
          <TextField label={t('fields.currentPassword')} type="password" autoComplete="current-password" {...form.field('current')} error={err('current')} />
          <TextField label={t('fields.newPassword')} type="password" autoComplete="new-password" {...form.field('password')} error={err('password')} />
          <TextField label={t('fields.confirmPassword')} type="password" autoComplete="new-password" {...form.field('confirm')} error={err('confirm')} />
          {failure ? <FormError role="alert">{failure}</FormError> : null}
          <Row $justify="flex-end"><Button type="submit">{t('settings.changePassword')}</Button></Row>
        </Stack>
      </form>
    </Card>
  );
}
