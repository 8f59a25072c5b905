import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { errorText } from '@/modules/api/errors';
import { useForm } from '@/modules/forms/useForm';
import { email, fourDigitCode, matches, password } from '@/modules/forms/validation';
import { useSnackbar } from '@/modules/snackbar/hooks/useSnackbar';
import { Button } from '@/modules/ui/components/Button';
import { FormError, TextField } from '@/modules/ui/components/Field';
import { Muted, Stack } from '@/modules/ui/components/Layout';
import { useApi } from '../hooks/useApi';
import { AuthCard } from './AuthCard';

type Step = 'email' | 'code' | 'password';

const rulesFor = (step: Step) => (v: Record<'email' | 'code' | 'password' | 'confirm', string>) =>
  step === 'email'
    ? { email: [email] }
    : step === 'code'
      ? { code: [fourDigitCode] }
      : { password: [password], confirm: [matches(v.password)] };

/** Reset a forgotten password: confirm the e-mail, enter the 4-digit code, choose a new password. */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const api = useApi();
  const navigate = useNavigate();
  const snack = useSnackbar();
  const [step, setStep] = useState<Step>('email');
  const form = useForm({ email: '', code: '', password: '', confirm: '' }, rulesFor(step));
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const v = form.values;
  const e = form.errors;

  const handleSubmit = async (ev: FormEvent) => {
    ev.preventDefault();
    if (!form.check()) return;
    setBusy(true);
    setFailure(null);
    try {
      if (step === 'email') {
        await api.call('requestResetPassword', { email: v.email.trim() });
        setStep('code');
      } else if (step === 'code') {
        const ok = await api.call('checkResetPasswordConfirmCode', { email: v.email.trim(), code: v.code.trim() });
        if (ok === false) setFailure(t('errors.wrongCode'));
        else setStep('password');
      } else {
        await api.call('confirmResetPassword', { email: v.email.trim(), code: v.code.trim(), newPassword: v.password });
        snack(t('auth.passwordChanged'), 'success');
        navigate('/login');
      }
    } catch (err) {
      setFailure(errorText(t, err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard title={t('auth.resetTitle')}>
      <form onSubmit={handleSubmit} noValidate>
        <Stack>
          {step === 'email' ? (
            <TextField label={t('fields.email')} type="email" {...form.field('email')} error={e.email && t(e.email)} />
          ) : null}
          {step === 'code' ? (
            <>
              <Muted>{t('auth.resetCodeHint', { email: v.email })}</Muted>
              <TextField label={t('fields.code')} inputMode="numeric" maxLength={4} {...form.field('code')} error={e.code && t(e.code)} />
            </>
          ) : null}
          {step === 'password' ? (
            <>
              <TextField label={t('fields.newPassword')} type="password" autoComplete="new-password" {...form.field('password')} error={e.password && t(e.password)} />
              <TextField label={t('fields.confirmPassword')} type="password" autoComplete="new-password" {...form.field('confirm')} error={e.confirm && t(e.confirm)} />
            </>
          ) : null}
          {failure ? <FormError role="alert">{failure}</FormError> : null}
          <Button type="submit" disabled={busy}>{t(step === 'password' ? 'auth.setPassword' : 'common.continue')}</Button>
          <Link to="/login">{t('auth.backToSignIn')}</Link>
        </Stack>
      </form>
    </AuthCard>
  );
}
