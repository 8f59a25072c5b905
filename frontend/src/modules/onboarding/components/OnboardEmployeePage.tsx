import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { errorText } from '@/modules/api/errors';
import { AuthCard } from '@/modules/auth/components/AuthCard';
import { ConfirmEmailForm } from '@/modules/auth/components/ConfirmEmailForm';
import { useApi } from '@/modules/auth/hooks/useApi';
import { ImageUpload } from '@/modules/files/components/ImageUpload';
import { useMe } from '@/modules/auth/hooks/useMe';
import { useSession } from '@/modules/auth/hooks/useSession';
import { useForm } from '@/modules/forms/useForm';
import { email, invitationCode, matches, password, pastDate, required, type Rule } from '@/modules/forms/validation';
import { useSnackbar } from '@/modules/snackbar/hooks/useSnackbar';
import { useSwitchStore } from '@/modules/stores/hooks/useCurrentStore';
import { Button } from '@/modules/ui/components/Button';
import { FormError, TextField } from '@/modules/ui/components/Field';
import { Muted, Row, Stack } from '@/modules/ui/components/Layout';
import { Steps } from './Steps';

type Step = 'invite' | 'password' | 'profile' | 'confirm' | 'join';
type Fields = 'email' | 'code' | 'password' | 'confirm' | 'firstName' | 'lastName' | 'birthday';

const RULES: Record<Step, (v: Record<Fields, string>) => Partial<Record<Fields, Rule[]>>> = {
  invite: () => ({ email: [email], code: [invitationCode] }),
  password: (v) => ({ password: [password], confirm: [matches(v.password)] }),
  profile: () => ({ firstName: [required], lastName: [required], birthday: [pastDate] }),
  confirm: () => ({}),
  join: () => ({}),
};

/**
 * Onboarding as an employee: e-mail and invitation code, password, name, photo and birth
 * date, the e-mail code, then joining the store.
 */
export function OnboardEmployeePage() {
  const { t } = useTranslation();
  const api = useApi();
  const navigate = useNavigate();
  const me = useMe();
  const snack = useSnackbar();
  const { signUp, refreshMe } = useSession();
  const switchStore = useSwitchStore();
  const [steps] = useState<Step[]>(() =>
    me
      ? ['invite', ...(me.status === 'pendingconfirm' ? (['confirm'] as Step[]) : []), 'join']
      : ['invite', 'password', 'profile', 'confirm', 'join'],
  );
  const [index, setIndex] = useState(0);
  const step = steps[Math.min(index, steps.length - 1)] ?? 'invite';
  const form = useForm<Fields>(
    { email: me?.email ?? '', code: '', password: '', confirm: '', firstName: '', lastName: '', birthday: '' },
    RULES[step],
  );
  const [storeName, setStoreName] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // The photo chosen before the account exists, uploaded right after sign-up.
  const [photo, setPhoto] = useState<File | null>(null);
  const v = form.values;
  const err = (k: Fields) => (form.errors[k] ? t(form.errors[k]) : null);
  const next = () => setIndex((i) => i + 1);

  const handleSubmit = async (ev: FormEvent) => {
    ev.preventDefault();
    setFailure(null);
    if (!form.check()) return;
    setBusy(true);
    try {
      if (step === 'invite') {
        const check = await api.call('checkInvitationCodeExists', {
          email: v.email.trim(),
          code: v.code.trim(),
        });
        if (!check.exists) {
          setFailure(t('errors.inviteCodeNotForEmail', { email: v.email.trim() }));
          return;
        }
        setStoreName(check.storeName ?? null);
        next();
      } else if (step === 'profile') {
        const session = await signUp({ email: v.email.trim(), password: v.password, firstName: v.firstName.trim(), lastName: v.lastName.trim() });
        const signedIn = api.withToken(session.token);
        const up = photo ? await signedIn.upload(photo, photo.name, { purpose: 'profile' }) : null;
        await signedIn.call('updateProfile', {
          birthday: Date.parse(v.birthday),
          ...(up ? { profile: up.url } : {}),
        });
        next();
      } else if (step === 'join') {
        const joined = await api.call('joinBusinessWithInvitation', {
          email: v.email.trim(),
          code: v.code.trim(),
        });
        snack(t('onboarding.joined'), 'success', 'joined');
        await refreshMe();
        switchStore(joined.storeId);
        navigate('/', { replace: true });
      } else {
        next();
      }
    } catch (e) {
      setFailure(errorText(t, e));
    } finally {
      setBusy(false);
    }
  };

  if (step === 'confirm') {
    return (
      <AuthCard title={t('auth.confirmTitle')}>
        <Steps current={index} total={steps.length} />
        <ConfirmEmailForm email={v.email} onConfirmed={next} />
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t(`onboarding.employee.${step}`)}>
      <Steps current={index} total={steps.length} />
      <form onSubmit={handleSubmit} noValidate>
        <Stack>
          {step === 'invite' ? (
            <>
              <TextField label={t('fields.email')} type="email" autoComplete="email" readOnly={!!me} {...form.field('email')} error={err('email')} />
              <TextField label={t('fields.invitationCode')} autoComplete="off" {...form.field('code')} error={err('code')} />
            </>
          ) : null}
          {step === 'password' ? (
            <>
              {storeName ? <Muted>{t('onboarding.invitedTo', { store: storeName })}</Muted> : null}
              <TextField label={t('fields.password')} type="password" autoComplete="new-password" {...form.field('password')} error={err('password')} />
              <TextField label={t('fields.confirmPassword')} type="password" autoComplete="new-password" {...form.field('confirm')} error={err('confirm')} />
            </>
          ) : null}
          {step === 'profile' ? (
            <>
              <TextField label={t('fields.firstName')} autoComplete="given-name" {...form.field('firstName')} error={err('firstName')} />
              <TextField label={t('fields.lastName')} autoComplete="family-name" {...form.field('lastName')} error={err('lastName')} />
              <ImageUpload label={t('fields.photo')} value="" onChange={() => undefined} onDeferred={setPhoto} purpose="profile" name={`${v.firstName} ${v.lastName}`} />
              <TextField label={t('fields.birthday')} type="date" {...form.field('birthday')} error={err('birthday')} />
            </>
          ) : null}
          {step === 'join' ? <Muted>{t('onboarding.readyToJoin', { store: storeName ?? '' })}</Muted> : null}
          {failure ? <FormError role="alert">{failure}</FormError> : null}
          <Row $justify="space-between">
            {index > 0 && step !== 'join' ? (
              <Button type="button" $variant="secondary" onClick={() => setIndex((i) => i - 1)}>{t('common.back')}</Button>
            ) : <span />}
            <Button type="submit" disabled={busy}>{t(step === 'join' ? 'onboarding.join' : 'common.continue')}</Button>
          </Row>
        </Stack>
      </form>
    </AuthCard>
  );
}
