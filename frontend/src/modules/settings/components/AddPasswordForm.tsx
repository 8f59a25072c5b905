import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '@/modules/auth/hooks/useApi';
import { useSession } from '@/modules/auth/hooks/useSession';
import { useForm } from '@/modules/forms/useForm';
import { matches, password } from '@/modules/forms/validation';
import { useReportedCall } from '@/modules/snackbar/hooks/useReportedCall';
import { Button } from '@/modules/ui/components/Button';
import { FormError, TextField } from '@/modules/ui/components/Field';
import { Card, Muted, Row, Stack } from '@/modules/ui/components/Layout';
import { goToGoogle } from '@/modules/auth/utils/google';

type Fields = 'password' | 'confirm';
const rules = (v: Record<Fields, string>) => ({ password: [password], confirm: [matches(v.password)] });

/**
 * Adds a password to an account that signs in through Google. The server takes it only from
 * a recent Google sign-in: otherwise the person signs in with Google again, and comes back.
 */
export function AddPasswordForm() {
  const { t } = useTranslation();
  const api = useApi();
  const { refreshMe } = useSession();
  const { run } = useReportedCall();
  const form = useForm<Fields>({ password: '', confirm: '' }, rules);
  const [failure, setFailure] = useState<string | null>(null);
  const [again, setAgain] = useState(false);
  const err = (k: Fields) => (form.errors[k] ? t(form.errors[k]) : null);

  const handleSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!form.check()) return;
    setAgain(false);
    const added = await run(() => api.call('linkPassword', { newPassword: form.values.password }), {
      key: 'password',
      done: 'settings.passwordAdded',
      inline: setFailure,
      failed: (error) => {
        const code = (error as { code?: string }).code;
        if (code === 'sign_in_again' || code === 'not_authenticated_with_google') setAgain(true);
        return null;
      },
    });
    if (added) {
      form.setValues({ password: '', confirm: '' });
      await refreshMe();
    }
  };

  return (
    <Card>
      <form onSubmit={handleSubmit} noValidate data-testid="add-password">
        <Stack>
          <h2 style={{ margin: 0 }}>{t('settings.addPassword')}</h2>
          <Muted>{t('settings.addPasswordExplain')}</Muted>
          <TextField label={t('fields.newPassword')} type="password" autoComplete="new-password" {...form.field('password')} error={err('password')} />
          <TextField label={t('fields.confirmPassword')} type="password" autoComplete="new-password" {...form.field('confirm')} error={err('confirm')} />
          {failure ? <FormError role="alert">{failure}</FormError> : null}
          <Row $justify="flex-end" $gap={2}>
            {again ? (
              <Button type="button" $variant="secondary" onClick={() => goToGoogle(undefined, '/settings')}>{t('settings.signInWithGoogleAgain')}</Button>
            ) : null}
            <Button type="submit">{t('settings.addPasswordButton')}</Button>
          </Row>
        </Stack>
      </form>
    </Card>
  );
}
