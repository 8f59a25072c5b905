import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useApi } from '@/modules/auth/hooks/useApi';
import { useReportedCall } from '@/modules/snackbar/hooks/useReportedCall';
import { useSnackbar } from '@/modules/snackbar/hooks/useSnackbar';
import { useCurrentStore } from '@/modules/stores/hooks/useCurrentStore';
import { Button } from '@/modules/ui/components/Button';
import { choiceOf } from '@/modules/forms/validation';
import { SelectField, TextField } from '@/modules/ui/components/Field';
import { Card, Muted, Row, Stack } from '@/modules/ui/components/Layout';
import { useLocation } from '../hooks/useLocation';

const PROOFS: readonly ClockSettings['proof'][] = ['none', 'code', 'location', 'both'];
const OUTSIDES: readonly ClockSettings['outside'][] = ['refuse', 'flag'];
import type { ClockBoard, ClockSettings } from '../utils/clock';

/** A settings form field: the text typed, read as a number when saved. */
type Draft = Record<'earlyMinutes' | 'latePunchHours' | 'overtimeHours' | 'overtimeRate' | 'minRestHours' | 'latitude' | 'longitude' | 'radius' | 'currency', string>;

function draftOf(s: ClockSettings): Draft {
  return {
    earlyMinutes: String(s.earlyMinutes),
    latePunchHours: String(s.latePunchHours),
    overtimeHours: String(s.overtimeWeeklyMinutes / 60),
    overtimeRate: String(s.overtimeRate),
    minRestHours: String(s.minRestMinutes / 60),
    latitude: s.place ? String(s.place.latitude) : '',
    longitude: s.place ? String(s.place.longitude) : '',
    radius: s.place ? String(s.place.radius) : '100',
    currency: s.currency,
  };
}

/**
 * The owner's clock settings: the early window, what a punch must prove (the store clock's
 * code, the phone's location within the store's radius), late punches, overtime and pay; and
 * the business identity code that turns a device into the store's clock.
 */
export function ClockSettingsCard() {
  const { t } = useTranslation();
  const api = useApi();
  const snack = useSnackbar();
  const { run } = useReportedCall();
  const { storeId } = useCurrentStore();
  const { locate } = useLocation();
  const [settings, setSettings] = useState<ClockSettings | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [identity, setIdentity] = useState<string | null>(null);

  useEffect(() => {
    if (!storeId) return;
    api.get<ClockBoard>(`/stores/${storeId}/clock`).then((b) => {
      setSettings(b.settings);
      setDraft(draftOf(b.settings));
    }, () => undefined);
  }, [api, storeId]);

  if (!settings || !draft || !storeId) return null;
  const set = (k: keyof Draft, v: string) => setDraft({ ...draft, [k]: v });

  const save = async () => {
    const place = draft.latitude.trim() && draft.longitude.trim()
      ? { latitude: Number(draft.latitude), longitude: Number(draft.longitude), radius: Math.round(Number(draft.radius)) }
      : null;
    const next: ClockSettings = {
      ...settings,
      earlyMinutes: Math.round(Number(draft.earlyMinutes)),
      latePunchHours: Math.round(Number(draft.latePunchHours)),
      overtimeWeeklyMinutes: Math.round(Number(draft.overtimeHours) * 60),
      overtimeRate: Number(draft.overtimeRate),
      minRestMinutes: Math.round(Number(draft.minRestHours) * 60),
      currency: draft.currency.trim().toUpperCase(),
      place,
    };
    const saved = await run(() => api.call('updateClockSettings', { store: storeId, settings: next }), {
      key: 'clock-settings',
      done: 'clock.settings.saved',
    });
    if (saved) {
      setSettings(saved.data);
      setDraft(draftOf(saved.data));
    }
  };

  const here = async () => {
    const l = await locate();
    if (l.kind === 'known') setDraft({ ...draft, latitude: l.latitude.toFixed(6), longitude: l.longitude.toFixed(6) });
    else snack(t(`clock.location.${l.kind}`), 'error', 'clock-settings');
  };

  const showIdentity = async () => {
    const shown = await run(() => api.call('requestBusinessIdentityCode', { store: storeId }), { key: 'clock-settings' });
    if (shown) setIdentity(shown.data.code);
  };

  return (
    <Card>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
        noValidate
      >
        <Stack>
          <h2 style={{ margin: 0 }}>{t('clock.settings.title')}</h2>
          <SelectField
            label={t('clock.settings.proof')}
            value={settings.proof}
            onChange={(e) => setSettings({ ...settings, proof: choiceOf(PROOFS, e.target.value) ?? settings.proof })}
            options={PROOFS.map((p) => ({ value: p, label: t(`clock.settings.proofs.${p}`) }))}
            data-testid="clock-proof"
          />
          <SelectField
            label={t('clock.settings.outside')}
            value={settings.outside}
            onChange={(e) => setSettings({ ...settings, outside: choiceOf(OUTSIDES, e.target.value) ?? settings.outside })}
            options={OUTSIDES.map((p) => ({ value: p, label: t(`clock.settings.outsides.${p}`) }))}
          />
          <Row $gap={2} style={{ flexWrap: 'wrap' }}>
            <TextField label={t('clock.settings.latitude')} inputMode="decimal" value={draft.latitude} onChange={(e) => set('latitude', e.target.value)} />
            <TextField label={t('clock.settings.longitude')} inputMode="decimal" value={draft.longitude} onChange={(e) => set('longitude', e.target.value)} />
            <TextField label={t('clock.settings.radius')} inputMode="numeric" value={draft.radius} onChange={(e) => set('radius', e.target.value)} />
          </Row>
          <Row $justify="flex-start">
            <Button type="button" $small $variant="secondary" onClick={() => void here()}>{t('clock.settings.here')}</Button>
          </Row>
          <Row $gap={2} style={{ flexWrap: 'wrap' }}>
            <TextField label={t('clock.settings.earlyMinutes')} inputMode="numeric" value={draft.earlyMinutes} onChange={(e) => set('earlyMinutes', e.target.value)} />
            <TextField label={t('clock.settings.latePunchHours')} inputMode="numeric" value={draft.latePunchHours} onChange={(e) => set('latePunchHours', e.target.value)} />
          </Row>
          <Row $gap={2} style={{ flexWrap: 'wrap' }}>
            <TextField label={t('clock.settings.overtimeHours')} inputMode="decimal" value={draft.overtimeHours} onChange={(e) => set('overtimeHours', e.target.value)} />
            <TextField label={t('clock.settings.overtimeRate')} inputMode="decimal" value={draft.overtimeRate} onChange={(e) => set('overtimeRate', e.target.value)} />
            <TextField label={t('labour.settings.minRestHours')} inputMode="decimal" value={draft.minRestHours} onChange={(e) => set('minRestHours', e.target.value)} data-testid="min-rest-hours" />
            <TextField label={t('clock.settings.currency')} value={draft.currency} maxLength={3} onChange={(e) => set('currency', e.target.value)} />
          </Row>
          <Row $justify="flex-end"><Button type="submit" data-testid="clock-settings-save">{t('common.save')}</Button></Row>
          <Muted>{t('clock.settings.deviceHint')}</Muted>
          <Row $gap={2} style={{ flexWrap: 'wrap' }}>
            {identity ? <code data-testid="identity-code">{identity}</code> : (
              <Button type="button" $small $variant="secondary" onClick={() => void showIdentity()}>{t('clock.settings.showIdentity')}</Button>
            )}
            <Link to={storeId ? `/clocks?store=${storeId}` : '/clocks'}>{t('clock.device.title')}</Link>
          </Row>
        </Stack>
      </form>
    </Card>
  );
}
