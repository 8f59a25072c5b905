import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { errorKey, errorText } from '@/modules/api/errors';
import type { GoogleSignIn } from '@/modules/api/types';
import { asciiDigits, fourDigitCode, required } from '@/modules/forms/validation';
import { Button } from '@/modules/ui/components/Button';
import { FormError, TextField } from '@/modules/ui/components/Field';
import { Muted, Row, Stack } from '@/modules/ui/components/Layout';
import { Loading } from '@/modules/ui/components/Spinner';
import { useApi } from '../hooks/useApi';
import { useSession } from '../hooks/useSession';
import { readGoogleLanding, takeGoogleReturn } from '../utils/google';
import { AuthCard } from './AuthCard';

type Proof = 'password' | 'code';

/**
 * `/auth/google`: where the server's return from Google lands. The address's fragment holds a
 * one-time code, traded at once for a session (and wiped from the address), or the refusal's
 * code. An account of the same address is linked only once its person proves it here.
 */
export function GoogleSignInPage() {
  const { t } = useTranslation();
  const api = useApi();
  const navigate = useNavigate();
  const { start } = useSession();
  const [landing] = useState(() => readGoogleLanding(window.location.hash));
  const [answer, setAnswer] = useState<GoogleSignIn | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const traded = useRef(false);

  useEffect(() => {
    // The code is good once: it leaves the address and the history before anything else.
    window.history.replaceState(window.history.state, '', window.location.pathname);
    if (!landing || !('code' in landing) || traded.current) return;
    traded.current = true;
    api.call('finishGoogleSignIn', { code: landing.code }).then(
      (out) => {
        if (out.outcome === 'signedIn') {
          start(out);
          navigate(takeGoogleReturn(), { replace: true });
        } else {
          setAnswer(out);
        }
      },
      (err: unknown) => setFailure(errorText(t, err)),
    );
  }, [api, landing, navigate, start, t]);

  const refused = landing && 'error' in landing ? t(errorKey(landing.error) ?? 'auth.google.errors.failed') : null;
  const shown = refused ?? failure ?? (landing ? null : t('auth.google.errors.failed'));
  return (
    <AuthCard title={t('auth.google.title')}>
      {shown ? (
        <Stack>
          <FormError role="alert">{shown}</FormError>
          <Link to="/login">{t('auth.backToSignIn')}</Link>
        </Stack>
      ) : answer?.outcome === 'linkRequired' && landing && 'code' in landing ? (
        <LinkGoogleForm code={landing.code} email={answer.email} />
      ) : (
        <Loading label={t('auth.google.signingIn')} />
      )}
    </AuthCard>
  );
}

/** Proves the account of the Google address with its password or a mailed code, then links. */
function LinkGoogleForm({ code, email }: { code: string; email: string }) {
  const { t } = useTranslation();
  const api = useApi();
  const navigate = useNavigate();
  const { start } = useSession();
  const [proof, setProof] = useState<Proof>('password');
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);

  const handleSendCode = async () => {
    setFailure(null);
    try {
      await api.call('sendSignInCode', { email });
      setSent(true);
      setProof('code');
      setValue('');
    } catch (err) {
      setFailure(errorText(t, err));
    }
  };

  const handleSubmit = async (ev: FormEvent) => {
    ev.preventDefault();
    const wrong = proof === 'password' ? required(value) : fourDigitCode(value);
    setError(wrong);
    if (wrong) return;
    setBusy(true);
    setFailure(null);
    try {
      const given = proof === 'password' ? { password: value } : { emailCode: asciiDigits(value.trim()) };
      start(await api.call('linkGoogleAccount', { code, ...given }));
      navigate(takeGoogleReturn(), { replace: true });
    } catch (err) {
      setFailure(errorText(t, err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={handleSubmit} noValidate data-testid="link-google">
      <Stack>
        <Muted>{t('auth.google.linkIntro', { email: `\u2068${email}\u2069` })}</Muted>
        {proof === 'password' ? (
          <TextField
            label={t('fields.password')}
            type="password"
            autoComplete="current-password"
            value={value}
            onChange={(e) => setValue(e.target.value)}
            error={error && t(error)}
          />
        ) : (
          <>
            {sent ? <Muted role="status">{t('auth.code.sent', { email: `\u2068${email}\u2069` })}</Muted> : null}
            <TextField
              label={t('fields.code')}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={4}
              dir="ltr"
              value={value}
              onChange={(e) => setValue(e.target.value)}
              error={error && t(error)}
            />
          </>
        )}
        {failure ? <FormError role="alert">{failure}</FormError> : null}
        <Button type="submit" disabled={busy}>{t('auth.google.link')}</Button>
        <Row $justify="space-between">
          {proof === 'password' ? (
            <Button type="button" $variant="ghost" $small onClick={() => void handleSendCode()}>{t('auth.code.emailMe')}</Button>
          ) : (
            <Button type="button" $variant="ghost" $small onClick={() => setProof('password')}>{t('auth.google.usePassword')}</Button>
          )}
          <Link to="/login">{t('common.cancel')}</Link>
        </Row>
      </Stack>
    </form>
  );
}
