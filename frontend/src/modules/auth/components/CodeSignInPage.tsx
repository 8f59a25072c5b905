import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { errorText } from '@/modules/api/errors';
import { useForm } from '@/modules/forms/useForm';
import { asciiDigits, email, fourDigitCode } from '@/modules/forms/validation';
import { Button } from '@/modules/ui/components/Button';
import { FormError, TextField } from '@/modules/ui/components/Field';
import { Muted, Row, Stack } from '@/modules/ui/components/Layout';
import { useApi } from '../hooks/useApi';
import { useSession } from '../hooks/useSession';
import { AuthCard } from './AuthCard';

type Step = 'email' | 'code';

const rulesFor = (step: Step) => () => (step === 'email' ? { email: [email] } : { code: [fourDigitCode] });

/** `/login/code`: sign in with a code mailed to the address, without the password. */
export function CodeSignInPage() {
  const { t } = useTranslation();
  const api = useApi();
  const navigate = useNavigate();
  const { signInWithCode } = useSession();
  const given = (useLocation().state as { email?: string } | null)?.email ?? '';
  const [step, setStep] = useState<Step>('email');
  const form = useForm({ email: given, code: '' }, rulesFor(step));
  const [failure, setFailure] = useState<string | null>(null);
  const [resent, setResent] = useState(false);
  const [busy, setBusy] = useState(false);
  const address = form.values.email.trim();
  const e = form.errors;

  const sendCode = () => api.call('sendSignInCode', { email: address });

  const handleSubmit = async (ev: FormEvent) => {
    ev.preventDefault();
    if (!form.check()) return;
    setBusy(true);
    setFailure(null);
    try {
      if (step === 'email') {
        await sendCode();
        setStep('code');
      } else {
        await signInWithCode(address, asciiDigits(form.values.code.trim()));
        navigate('/', { replace: true });
      }
    } catch (err) {
      setFailure(errorText(t, err));
    } finally {
      setBusy(false);
    }
  };

  const handleResend = async () => {
    setFailure(null);
    try {
      await sendCode();
      setResent(true);
    } catch (err) {
      setFailure(errorText(t, err));
    }
  };

  return (
    <AuthCard title={t('auth.code.title')}>
      <form onSubmit={handleSubmit} noValidate>
        <Stack>
          {step === 'email' ? (
            <>
              <Muted>{t('auth.code.intro')}</Muted>
              <TextField label={t('fields.email')} type="email" autoComplete="email" {...form.field('email')} error={e.email && t(e.email)} />
            </>
          ) : (
            <>
              <Muted role="status">{t(resent ? 'auth.code.resent' : 'auth.code.sent', { email: `\u2068${address}\u2069` })}</Muted>
              <TextField
                label={t('fields.code')}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={4}
                dir="ltr"
                {...form.field('code')}
                error={e.code && t(e.code)}
              />
            </>
          )}
          {failure ? <FormError role="alert">{failure}</FormError> : null}
          <Button type="submit" disabled={busy}>{t(step === 'email' ? 'auth.code.send' : 'auth.signIn')}</Button>
          <Row $justify="space-between">
            {step === 'code' ? (
              <Button type="button" $variant="ghost" $small onClick={() => void handleResend()}>{t('auth.resendCode')}</Button>
            ) : null}
            <Link to="/login">{t('auth.code.withPassword')}</Link>
          </Row>
        </Stack>
      </form>
    </AuthCard>
  );
}
