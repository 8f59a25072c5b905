import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { errorText } from '@/modules/api/errors';
import { useForm } from '@/modules/forms/useForm';
import { email, matches, password, required } from '@/modules/forms/validation';
import { Button } from '@/modules/ui/components/Button';
import { FormError, TextField } from '@/modules/ui/components/Field';
import { Stack } from '@/modules/ui/components/Layout';
import { useSession } from '../hooks/useSession';
import { AuthCard } from './AuthCard';

type Fields = 'email' | 'firstName' | 'lastName' | 'password' | 'confirm';

const rules = (v: Record<Fields, string>) => ({
  email: [email],
  firstName: [required],
  lastName: [required],
  password: [password],
  confirm: [matches(v.password)],
});

/** Create an account; the e-mail code is asked for next. */
export function SignupPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { signUp } = useSession();
  const form = useForm<Fields>({ email: '', firstName: '', lastName: '', password: '', confirm: '' }, rules);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const err = (k: Fields) => (form.errors[k] ? t(form.errors[k]) : null);

  const handleSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!form.check()) return;
    setBusy(true);
    setFailure(null);
    try {
      const v = form.values;
      await signUp({ email: v.email.trim(), password: v.password, firstName: v.firstName.trim(), lastName: v.lastName.trim() });
      navigate('/', { replace: true });
    } catch (ex) {
      setFailure(errorText(t, ex));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard title={t('auth.signUpTitle')}>
      <form onSubmit={handleSubmit} noValidate>
        <Stack>
          <TextField label={t('fields.email')} type="email" autoComplete="email" {...form.field('email')} error={err('email')} />
          <TextField label={t('fields.firstName')} autoComplete="given-name" {...form.field('firstName')} error={err('firstName')} />
          <TextField label={t('fields.lastName')} autoComplete="family-name" {...form.field('lastName')} error={err('lastName')} />
          <TextField label={t('fields.password')} type="password" autoComplete="new-password" {...form.field('password')} error={err('password')} />
          <TextField label={t('fields.confirmPassword')} type="password" autoComplete="new-password" {...form.field('confirm')} error={err('confirm')} />
          {failure ? <FormError role="alert">{failure}</FormError> : null}
          <Button type="submit" disabled={busy}>{t('auth.signUp')}</Button>
          <Link to="/login">{t('auth.haveAccount')}</Link>
        </Stack>
      </form>
    </AuthCard>
  );
}
