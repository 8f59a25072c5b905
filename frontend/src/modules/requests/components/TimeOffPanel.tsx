import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CallInput, CallName, ShiftRequest } from '@/modules/api/types';
import { errorText } from '@/modules/api/errors';
import { useLiveResource } from '@/modules/realtime/hooks/useLiveResource';
import { useCurrentStore } from '@/modules/stores/hooks/useCurrentStore';
import { Button } from '@/modules/ui/components/Button';
import { Checkbox, TextField } from '@/modules/ui/components/Field';
import { Card, Muted, Row, Stack } from '@/modules/ui/components/Layout';
import { CardItem, CardList } from '@/modules/ui/components/List';
import { useReportedCall } from '@/modules/snackbar/hooks/useReportedCall';
import { requestDates, timeOffPayload, type TimeOffForm } from '../utils/timeOff';

const EMPTY: TimeOffForm = { from: '', to: '', entireDay: true, startTime: '09:00', endTime: '17:00', description: '' };

/** One's own time off: the requests with their answers, and the form to ask for more. */
export function TimeOffPanel() {
  const { t, i18n } = useTranslation();
  const { storeId, store, me } = useCurrentStore();
  const zone = store?.timezoneReference ?? 'UTC';
  const { data, error, reload } = useLiveResource<ShiftRequest[]>(storeId ? `/stores/${storeId}/timeoff` : null, ['request.']);
  const [form, setForm] = useState<TimeOffForm>(EMPTY);
  const { call: send, busy } = useReportedCall();
  const mine = useMemo(
    () => (data ?? []).filter((r) => r.employeeId === me?.id).sort((a, b) => (b.start ?? 0) - (a.start ?? 0)),
    [data, me?.id],
  );
  const payload = timeOffPayload(form, zone);

  const call = async <N extends CallName>(name: N, payload: CallInput<N>, done: string) => {
    const sent = await send(name, payload, { key: 'timeoff', done });
    if (sent) reload();
    return sent !== null;
  };

  const submit = async () => {
    if (payload && (await call('requestTimeOff', { store: storeId, ...payload }, 'timeOff.sent'))) setForm(EMPTY);
  };

  return (
    <Stack>
      {error ? <Card role="alert">{errorText(t, error)}</Card> : null}
      <Card>
        <Stack $gap={3}>
          <h2 style={{ margin: 0 }}>{t('timeOff.ask')}</h2>
          <Row $gap={3}>
            <TextField type="date" label={t('timeOff.from')} value={form.from} onChange={(e) => setForm({ ...form, from: e.target.value, to: form.to || e.target.value })} />
            <TextField type="date" label={t('timeOff.to')} value={form.to} onChange={(e) => setForm({ ...form, to: e.target.value })} />
          </Row>
          <Checkbox label={t('timeOff.entireDay')} checked={form.entireDay} onChange={(e) => setForm({ ...form, entireDay: e.target.checked })} />
          {form.entireDay ? null : (
            <Row $gap={3}>
              <TextField type="time" label={t('timeOff.startTime')} value={form.startTime} onChange={(e) => setForm({ ...form, startTime: e.target.value })} />
              <TextField type="time" label={t('timeOff.endTime')} value={form.endTime} onChange={(e) => setForm({ ...form, endTime: e.target.value })} />
            </Row>
          )}
          <TextField label={t('timeOff.description')} value={form.description} maxLength={500} onChange={(e) => setForm({ ...form, description: e.target.value })} />
          <Row>
            <Button disabled={busy || !payload} onClick={() => void submit()} data-testid="request-time-off">{t('timeOff.send')}</Button>
          </Row>
        </Stack>
      </Card>
      {data !== null && mine.length === 0 ? <Muted>{t('timeOff.none')}</Muted> : null}
      <CardList data-testid="my-time-off">
        {mine.map((r) => (
          <CardItem key={r.id} data-testid="time-off" data-status={r.status}>
            <Row $justify="space-between">
              <strong>{requestDates(r, i18n.resolvedLanguage)}</strong>
              <Muted data-testid="time-off-status">{t(`timeOff.status.${r.status}`)}</Muted>
            </Row>
            {r.description ? <span>{r.description}</span> : null}
            {r.response ? <Muted>{r.response}</Muted> : null}
            <Row $gap={2}>
              {r.status === 'pending' ? (
                <Button $small $variant="ghost" disabled={busy} onClick={() => void call('deleteTimeOff', { store: storeId, requestId: r.id }, 'timeOff.deleted')}>
                  {t('common.delete')}
                </Button>
              ) : null}
              {r.status === 'accepted' ? (
                <Button $small $variant="ghost" disabled={busy} onClick={() => void call('cancelTimeOff', { store: storeId, timeoffId: r.id }, 'timeOff.cancelled')}>
                  {t('timeOff.cancel')}
                </Button>
              ) : null}
            </Row>
          </CardItem>
        ))}
      </CardList>
    </Stack>
  );
}
