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
import { clock, email, imageUrl, matches, password, required, type Rule } from '@/modules/forms/validation';
import { useCatalogue } from '@/modules/billing/hooks/useCatalogue';
import { useSwitchStore } from '@/modules/stores/hooks/useCurrentStore';
import { Button } from '@/modules/ui/components/Button';
import { Checkbox, FormError, SelectField, TextField } from '@/modules/ui/components/Field';
import { Row, Stack } from '@/modules/ui/components/Layout';
import { roleColors } from '@/modules/ui/theme/tokens';
import { asBusinessKind, BUSINESS_KINDS, kindKey, timeZones, WEEKDAYS, type RoleDraft } from '../utils/business';
import { Steps } from './Steps';

type Step = 'account' | 'profile' | 'confirm' | 'business' | 'location' | 'hours' | 'roles';

type Fields =
  | 'email' | 'password' | 'confirm' | 'firstName' | 'lastName'
  | 'kind' | 'name' | 'logo' | 'address' | 'timezone' | 'open' | 'close';

const RULES: Record<Step, (v: Record<Fields, string>) => Partial<Record<Fields, Rule[]>>> = {
  account: (v) => ({ email: [email], password: [password], confirm: [matches(v.password)] }),
  profile: () => ({ firstName: [required], lastName: [required] }),
  confirm: () => ({}),
  business: () => ({ kind: [required], name: [required], logo: [imageUrl] }),
  location: () => ({ address: [required], timezone: [required] }),
  hours: () => ({ open: [clock], close: [clock] }),
  roles: () => ({}),
};

/**
 * Onboarding as an owner: account, name and photo, e-mail code, business kind, name and logo,
 * address and time zone, hours and days off, roles; then the store is registered.
 */
export function OnboardOwnerPage() {
  const { t } = useTranslation();
  const api = useApi();
  const navigate = useNavigate();
  const me = useMe();
  const { signUp, refreshMe } = useSession();
  const switchStore = useSwitchStore();
  // Fixed at the start: signing up half-way must not reshuffle the steps.
  const [steps] = useState<Step[]>(() =>
    me
      ? [...(me.status === 'pendingconfirm' ? (['confirm'] as Step[]) : []), 'business', 'location', 'hours', 'roles']
      : ['account', 'profile', 'confirm', 'business', 'location', 'hours', 'roles'],
  );
  const [index, setIndex] = useState(0);
  const step = steps[Math.min(index, steps.length - 1)] ?? 'business';
  const form = useForm<Fields>(
    {
      email: '', password: '', confirm: '', firstName: '', lastName: '',
      kind: '', name: '', logo: '', address: '', timezone: timeZones()[0] ?? 'UTC', open: '09:00', close: '17:00',
    },
    RULES[step],
  );
  const [daysOff, setDaysOff] = useState<number[]>([0]);
  const [roles, setRoles] = useState<RoleDraft[]>([{ title: '', color: roleColors.offered[0] }]);
  // A new store starts on the free plan: on a server that sells plans it may hold only so
  // many roles, so onboarding offers no more than that.
  const { data: catalogue } = useCatalogue();
  const freeRoles = catalogue?.billing ? catalogue.products.find((p) => p.id === 'free')?.limits.roles ?? null : null;
  const roomForRole = freeRoles === null || roles.length < freeRoles;
  const [rolesError, setRolesError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // The photo chosen before the account exists, uploaded right after sign-up.
  const [photo, setPhoto] = useState<File | null>(null);
  const v = form.values;
  const e = form.errors;
  const err = (k: Fields) => (e[k] ? t(e[k]) : null);

  const next = () => setIndex((i) => i + 1);

  const register = async () => {
    const created = await api.call('createBusiness', {
      name: v.name.trim(),
      type: asBusinessKind(v.kind),
      logo: v.logo.trim() || null,
      timezoneReference: v.timezone,
      address: v.address.trim(),
      open: v.open,
      close: v.close,
      daysoff: daysOff,
    });
    for (const role of roles) {
      await api.call('createRole', { store: created.storeId, roleData: { title: role.title.trim(), color: role.color } });
    }
    await refreshMe();
    switchStore(created.storeId);
    navigate('/schedule', { replace: true });
  };

  const handleSubmit = async (ev: FormEvent) => {
    ev.preventDefault();
    setFailure(null);
    if (!form.check()) return;
    if (step === 'roles') {
      const filled = roles.filter((r) => r.title.trim());
      if (filled.length === 0 || filled.length !== roles.length) {
        setRolesError(t('validation.roleRequired'));
        return;
      }
      setRolesError(null);
    }
    setBusy(true);
    try {
      if (step === 'profile') {
        const session = await signUp({ email: v.email.trim(), password: v.password, firstName: v.firstName.trim(), lastName: v.lastName.trim() });
        if (photo) {
          const signedIn = api.withToken(session.token);
          const up = await signedIn.upload(photo, photo.name, { purpose: 'profile' });
          await signedIn.call('updateProfile', { profile: up.url });
        }
        next();
      } else if (step === 'roles') {
        await register();
      } else {
        next();
      }
    } catch (err) {
      setFailure(errorText(t, err));
    } finally {
      setBusy(false);
    }
  };

  const toggleDay = (day: number) =>
    setDaysOff((days) => (days.includes(day) ? days.filter((d) => d !== day) : [...days, day].sort()));

  if (step === 'confirm') {
    return (
      <AuthCard title={t('auth.confirmTitle')}>
        <Steps current={index} total={steps.length} />
        <ConfirmEmailForm email={me?.email ?? v.email} onConfirmed={next} />
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t(`onboarding.owner.${step}`)}>
      <Steps current={index} total={steps.length} />
      <form onSubmit={handleSubmit} noValidate>
        <Stack>
          {step === 'account' ? (
            <>
              <TextField label={t('fields.email')} type="email" autoComplete="email" {...form.field('email')} error={err('email')} />
              <TextField label={t('fields.password')} type="password" autoComplete="new-password" {...form.field('password')} error={err('password')} />
              <TextField label={t('fields.confirmPassword')} type="password" autoComplete="new-password" {...form.field('confirm')} error={err('confirm')} />
            </>
          ) : null}
          {step === 'profile' ? (
            <>
              <TextField label={t('fields.firstName')} autoComplete="given-name" {...form.field('firstName')} error={err('firstName')} />
              <TextField label={t('fields.lastName')} autoComplete="family-name" {...form.field('lastName')} error={err('lastName')} />
              <ImageUpload label={t('fields.photo')} value="" onChange={() => undefined} onDeferred={setPhoto} purpose="profile" name={`${v.firstName} ${v.lastName}`} />
            </>
          ) : null}
          {step === 'business' ? (
            <>
              <SelectField
                label={t('fields.businessType')}
                {...form.field('kind')}
                error={err('kind')}
                options={[{ value: '', label: t('common.choose') }, ...BUSINESS_KINDS.map((k) => ({ value: k, label: t(kindKey(k)) }))]}
              />
              <TextField label={t('fields.businessName')} {...form.field('name')} error={err('name')} />
              <ImageUpload label={t('fields.logo')} value={v.logo} onChange={(url) => form.set('logo', url)} purpose="logo" name={v.name} />
            </>
          ) : null}
          {step === 'location' ? (
            <>
              <TextField label={t('fields.address')} autoComplete="street-address" {...form.field('address')} error={err('address')} />
              <SelectField label={t('fields.timezone')} {...form.field('timezone')} error={err('timezone')} options={timeZones().map((z) => ({ value: z, label: z }))} />
            </>
          ) : null}
          {step === 'hours' ? (
            <>
              <Row $gap={3}>
                <TextField label={t('fields.open')} type="time" {...form.field('open')} error={err('open')} />
                <TextField label={t('fields.close')} type="time" {...form.field('close')} error={err('close')} />
              </Row>
              <strong>{t('fields.daysOff')}</strong>
              <Row $gap={3}>
                {WEEKDAYS.map((d) => (
                  <Checkbox key={d} label={t(`weekdays.${d}`)} checked={daysOff.includes(d)} onChange={() => toggleDay(d)} />
                ))}
              </Row>
            </>
          ) : null}
          {step === 'roles' ? (
            <>
              {roles.map((role, i) => (
                <Row key={i} $gap={2} $align="flex-end">
                  <div style={{ flex: 1 }}>
                    <TextField
                      label={t('fields.roleTitle')}
                      value={role.title}
                      onChange={(ev) => setRoles((rs) => rs.map((r, j) => (j === i ? { ...r, title: ev.target.value } : r)))}
                      data-testid={`role-title-${i}`}
                    />
                  </div>
                  <input
                    type="color"
                    aria-label={t('fields.roleColor')}
                    value={role.color}
                    onChange={(ev) => setRoles((rs) => rs.map((r, j) => (j === i ? { ...r, color: ev.target.value } : r)))}
                    style={{ width: 44, height: 40, border: 'none', background: 'none' }}
                  />
                  {roles.length > 1 ? (
                    <Button type="button" $variant="ghost" onClick={() => setRoles((rs) => rs.filter((_, j) => j !== i))}>
                      {t('common.remove')}
                    </Button>
                  ) : null}
                </Row>
              ))}
              {roomForRole ? (
                <Button
                  type="button"
                  $variant="secondary"
                  onClick={() => setRoles((rs) => [...rs, { title: '', color: roleColors.offered[rs.length % roleColors.offered.length] ?? roleColors.offered[0] }])}
                >
                  {t('onboarding.addRole')}
                </Button>
              ) : (
                <p role="status" data-testid="onboarding-role-limit">
                  {t('billing.errors.limit.roles', { plan: 'free', allowed: freeRoles })}
                </p>
              )}
              {rolesError ? <FormError role="alert">{rolesError}</FormError> : null}
            </>
          ) : null}
          {failure ? <FormError role="alert">{failure}</FormError> : null}
          <Row $justify="space-between">
            {index > 0 && step !== 'business' ? (
              <Button type="button" $variant="secondary" onClick={() => setIndex((i) => i - 1)}>{t('common.back')}</Button>
            ) : <span />}
            <Button type="submit" disabled={busy}>{t(step === 'roles' ? 'onboarding.register' : 'common.continue')}</Button>
          </Row>
        </Stack>
      </form>
    </AuthCard>
  );
}
