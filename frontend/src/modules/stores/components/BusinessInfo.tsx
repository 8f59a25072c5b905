import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { CallInput, CallName, Store } from '@/modules/api/types';
import { useApi } from '@/modules/auth/hooks/useApi';
import { clock, imageUrl, required } from '@/modules/forms/validation';
import { asBusinessKind, BUSINESS_KINDS, kindKey, timeZones } from '@/modules/onboarding/utils/business';
import { storeWeekStart, weekOrder } from '@/modules/schedule/utils/weekStart';
import { useReportedCall } from '@/modules/snackbar/hooks/useReportedCall';
import { Button } from '@/modules/ui/components/Button';
import { ImageUpload } from '@/modules/files/components/ImageUpload';
import { Checkbox, FormError, SelectField, TextField } from '@/modules/ui/components/Field';
import { Card, Muted, PageHeader, Row, Stack } from '@/modules/ui/components/Layout';
import { useDebouncedCallback } from '@/modules/ui/hooks/useDebouncedCallback';
import { useCurrentStore } from '../hooks/useCurrentStore';
import { BOOKING_DEBOUNCE_MS } from '../utils/booking';
import { ClockSettingsCard } from '@/modules/clock/components/ClockSettingsCard';

/** Store settings for the owner: identity, hours, location and time zone, booking, the clock. */
export function BusinessInfo() {
  const { store } = useCurrentStore();
  if (!store) return null;
  // A store switch starts the forms afresh.
  return <BusinessInfoForms key={store.id} store={store} />;
}

function BusinessInfoForms({ store }: { store: Store }) {
  const { t } = useTranslation();
  const api = useApi();
  const { run } = useReportedCall();
  const { storeId, reloadStore } = useCurrentStore();
  const [identity, setIdentity] = useState({ name: store.name, type: store.type, img: store.logo ?? '' });
  const [timing, setTiming] = useState({
    open: store.times.open ?? '',
    close: store.times.close ?? '',
    daysoff: store.times.daysOff,
    weekStart: storeWeekStart(store),
  });
  const [location, setLocation] = useState({ address: store.address, timezone: store.timezoneReference });
  // The clicked value while its debounced save is pending; the store's value otherwise.
  const [pendingBooking, setPendingBooking] = useState<boolean | null>(null);
  const booking = pendingBooking ?? store.bookingEnabled;
  const [errors, setErrors] = useState<Record<string, string | null>>({});

  const save = <N extends CallName>(name: N, payload: CallInput<N>) =>
    run(
      async () => {
        await api.call(name, payload);
        await reloadStore();
      },
      { key: name, done: 'store.saved' },
    );

  const sendBooking = useDebouncedCallback((enabled: boolean) => {
    // Only a change is sent: the owner may click back and forth inside the window.
    if (enabled === store.bookingEnabled) {
      setPendingBooking(null);
      return;
    }
    void save('toggleBookingFeature', { store: storeId, bookingEnabled: enabled }).finally(() => setPendingBooking(null));
  }, BOOKING_DEBOUNCE_MS);

  const handleIdentity = (e: FormEvent) => {
    e.preventDefault();
    const found = { name: required(identity.name), img: imageUrl(identity.img) };
    setErrors(found);
    if (found.name || found.img) return;
    void save('updateBusinessIdentity', { store: storeId, name: identity.name.trim(), type: identity.type, img: identity.img.trim() });
  };

  const handleTiming = (e: FormEvent) => {
    e.preventDefault();
    const found = { open: clock(timing.open), close: clock(timing.close) };
    setErrors(found);
    if (found.open || found.close) return;
    void save('updateBusinessTiming', { store: storeId, ...timing });
  };

  const handleLocation = (e: FormEvent) => {
    e.preventDefault();
    const found = { address: required(location.address) };
    setErrors(found);
    if (found.address) return;
    void save('updateBusinessLocation', { store: storeId, address: location.address.trim(), timezone: location.timezone });
  };

  const err = (k: string) => (errors[k] ? t(errors[k] ?? '') : null);
  return (
    <Stack>
      <PageHeader>
        <h1>{t('store.title')}</h1>
      </PageHeader>
      <Card>
        <form onSubmit={handleIdentity} noValidate>
          <Stack>
            <h2 style={{ margin: 0 }}>{t('store.identity')}</h2>
            <TextField label={t('fields.businessName')} value={identity.name} onChange={(e) => setIdentity({ ...identity, name: e.target.value })} error={err('name')} />
            <SelectField label={t('fields.businessType')} value={identity.type} onChange={(e) => setIdentity({ ...identity, type: asBusinessKind(e.target.value) })} options={BUSINESS_KINDS.map((k) => ({ value: k, label: t(kindKey(k)) }))} />
            <ImageUpload label={t('fields.logo')} value={identity.img} onChange={(img) => setIdentity({ ...identity, img })} purpose="logo" storeId={store.id} name={identity.name} />
            {err('img') ? <FormError role="alert">{err('img')}</FormError> : null}
            <Row $justify="flex-end"><Button type="submit">{t('common.save')}</Button></Row>
          </Stack>
        </form>
      </Card>
      <Card>
        <form onSubmit={handleTiming} noValidate>
          <Stack>
            <h2 style={{ margin: 0 }}>{t('store.hours')}</h2>
            <Row $gap={3}>
              <TextField label={t('fields.open')} type="time" value={timing.open} onChange={(e) => setTiming({ ...timing, open: e.target.value })} error={err('open')} />
              <TextField label={t('fields.close')} type="time" value={timing.close} onChange={(e) => setTiming({ ...timing, close: e.target.value })} error={err('close')} />
            </Row>
            <SelectField
              label={t('boardActions.weekStart')}
              value={String(timing.weekStart)}
              onChange={(e) => setTiming({ ...timing, weekStart: Number(e.target.value) })}
              options={[0, 1, 2, 3, 4, 5, 6].map((d) => ({ value: String(d), label: t(`weekdays.${d}`) }))}
              data-testid="week-start"
            />
            <strong>{t('fields.daysOff')}</strong>
            <Row $gap={3}>
              {/* In the order of the store's weeks, as the board shows them. */}
              {weekOrder(timing.weekStart).map((d) => (
                <Checkbox
                  key={d}
                  label={t(`weekdays.${d}`)}
                  checked={timing.daysoff.includes(d)}
                  onChange={() =>
                    setTiming({ ...timing, daysoff: timing.daysoff.includes(d) ? timing.daysoff.filter((x) => x !== d) : [...timing.daysoff, d].sort() })
                  }
                />
              ))}
            </Row>
            <Row $justify="flex-end"><Button type="submit">{t('common.save')}</Button></Row>
          </Stack>
        </form>
      </Card>
      <Card>
        <form onSubmit={handleLocation} noValidate>
          <Stack>
            <h2 style={{ margin: 0 }}>{t('store.location')}</h2>
            <TextField label={t('fields.address')} value={location.address} onChange={(e) => setLocation({ ...location, address: e.target.value })} error={err('address')} />
            <SelectField label={t('fields.timezone')} value={location.timezone} onChange={(e) => setLocation({ ...location, timezone: e.target.value })} options={[location.timezone, ...timeZones().filter((z) => z !== location.timezone)].map((z) => ({ value: z, label: z }))} />
            <Muted>{t('store.timezoneHint', { offset: store.timezone })}</Muted>
            <Row $justify="flex-end"><Button type="submit">{t('common.save')}</Button></Row>
          </Stack>
        </form>
      </Card>
      <Card>
        <Stack>
          <h2 style={{ margin: 0 }}>{t('store.booking')}</h2>
          <Checkbox
            label={t('store.bookingEnabled')}
            checked={booking}
            onChange={(e) => {
              setPendingBooking(e.target.checked);
              sendBooking(e.target.checked);
            }}
            data-testid="booking-toggle"
          />
        </Stack>
      </Card>
      <ClockSettingsCard />
    </Stack>
  );
}
