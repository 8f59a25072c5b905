import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { errorText } from '@/modules/api/errors';
import { useForm } from '@/modules/forms/useForm';
import { email, required } from '@/modules/forms/validation';
import { Button } from '@/modules/ui/components/Button';
import { FormError, TextField } from '@/modules/ui/components/Field';
import { Row, Stack } from '@/modules/ui/components/Layout';
import { useSession } from '../hooks/useSession';
import { useSignInMethods } from '../hooks/useSignInMethods';
import { goToGoogle } from '../utils/google';
import { AuthCard } from './AuthCard';

const StyledOr = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.spacing(3)};
  color: ${({ theme }) => theme.color.textMuted};
  font-size: 14px;
  &::before, &::after { content: ''; flex: 1; border-top: 1px solid ${({ theme }) => theme.color.border}; }
`;

const rules = () => ({ email: [email], password: [required] });

/** Sign in with e-mail and password, a mailed code, or Google when the server offers it. */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { signIn } = useSession();
  const form = useForm({ email: '', password: '' }, rules);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const methods = useSignInMethods();

  const handleSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!form.check()) return;
    setBusy(true);
    setFailure(null);
    try {
      await signIn(form.values.email.trim(), form.values.password);
      navigate('/', { replace: true });
    } catch (err) {
      setFailure(errorText(t, err));
    } finally {
      setBusy(false);
    }
  };

  const e = form.errors;
  return (
    <AuthCard title={t('auth.signInTitle')}>
      <form onSubmit={handleSubmit} noValidate>
        <Stack>
          <TextField label={t('fields.email')} type="email" autoComplete="email" {...form.field('email')} error={e.email && t(e.email)} />
          <TextField label={t('fields.password')} type="password" autoComplete="current-password" {...form.field('password')} error={e.password && t(e.password)} />
          {failure ? <FormError role="alert">{failure}</FormError> : null}
          <Button type="submit" disabled={busy}>{t('auth.signIn')}</Button>
          <StyledOr>{t('auth.or')}</StyledOr>
          <Button type="button" $variant="secondary" onClick={() => navigate('/login/code', { state: { email: form.values.email.trim() } })}>
            {t('auth.code.emailMe')}
          </Button>
          {methods?.google ? (
            <Button type="button" $variant="secondary" onClick={() => goToGoogle()}>
              {t('auth.google.continue')}
            </Button>
          ) : null}
          <Row $justify="space-between">
            <Link to="/reset-password">{t('auth.forgotPassword')}</Link>
            <Link to="/onboarding">{t('auth.createAccount')}</Link>
          </Row>
        </Stack>
      </form>
    </AuthCard>
  );
}
