import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AvailabilityInput, AvailabilityWindow, CallInput, CallName } from '@/modules/api/types';
import { errorText } from '@/modules/api/errors';
import { useLiveResource } from '@/modules/realtime/hooks/useLiveResource';
import { useCurrentStore } from '@/modules/stores/hooks/useCurrentStore';
import { Button } from '@/modules/ui/components/Button';
import { Checkbox, TextField } from '@/modules/ui/components/Field';
import { Card, Muted, Row, Stack } from '@/modules/ui/components/Layout';
import { CardItem, CardList } from '@/modules/ui/components/List';
import { useReportedCall } from '@/modules/snackbar/hooks/useReportedCall';
import { storeWeekStart, weekOrder } from '@/modules/schedule/utils/weekStart';
import { formatClockText } from '@/modules/ui/utils/format';
import { sortWindows, windowDays } from '../utils/timeOff';

/**
 * Weekly availability: one's own windows, editable with the `availabletime` permission; a
 * manager (`everyone`) reads every employee's.
 */
export function AvailabilityPanel({ everyone }: { everyone: boolean }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.resolvedLanguage;
  const { storeId, store, me, employees, permissions } = useCurrentStore();
  // The same weeks as the board's: the store's first day.
  const weekStart = storeWeekStart(store);
  const { data, error, reload } = useLiveResource<AvailabilityWindow[]>(storeId ? `/stores/${storeId}/availability` : null, ['availability.']);
  const canEdit = permissions.isOwner || permissions.names.includes('availabletime');
  const [days, setDays] = useState<number[]>([]);
  const [allDay, setAllDay] = useState(false);
  const [start, setStart] = useState('09:00');
  const [end, setEnd] = useState('17:00');
  const [reason, setReason] = useState('');
  const { call: send, busy } = useReportedCall();
  const windows = useMemo(
    () => sortWindows((data ?? []).filter((w) => everyone || w.employeeId === me?.id), weekStart),
    [data, everyone, me?.id, weekStart],
  );
  const nameOf = (id: string) => {
    const e = employees.find((x) => x.id === id);
    return e ? e.displayName || e.email : '';
  };
  const describe = (w: AvailabilityWindow) =>
    `${windowDays(w, weekStart).map((d) => t(`weekdays.${d}`)).join(', ')} · ${w.allDay ? t('availability.allDay') : `${formatClockText(w.start, lang)}–${formatClockText(w.end, lang)}`}`;

  const call = async <N extends CallName>(name: N, payload: CallInput<N>, done: string) => {
    const sent = await send(name, payload, { key: 'availability', done });
    if (sent) reload();
    return sent !== null;
  };

  const add = async () => {
    const availability: AvailabilityInput = { days, allDay, start: allDay ? undefined : start, end: allDay ? undefined : end, reason: reason.trim() || undefined };
    if (await call('createAvailableTime', { store: storeId, availability }, 'availability.added')) {
      setDays([]);
      setReason('');
    }
  };

  return (
    <Stack>
      {error ? <Card role="alert">{errorText(t, error)}</Card> : null}
      {data !== null && windows.length === 0 ? <Card>{t(everyone ? 'availability.noneAtAll' : 'availability.none')}</Card> : null}
      <CardList data-testid="availability-windows">
        {windows.map((w) => (
          <CardItem key={w.id} data-testid="availability-window">
            <strong>{everyone ? nameOf(w.employeeId) : describe(w)}</strong>
            {everyone ? <span>{describe(w)}</span> : null}
            {w.reason ? <Muted>{w.reason}</Muted> : null}
            {!everyone && canEdit ? (
              <Row>
                <Button $small $variant="ghost" disabled={busy} onClick={() => void call('deleteAvailableTime', { store: storeId, availabilityId: w.id }, 'availability.removed')}>
                  {t('common.remove')}
                </Button>
              </Row>
            ) : null}
          </CardItem>
        ))}
      </CardList>
      {everyone ? null : canEdit ? (
        <Card>
          <Stack $gap={3}>
            <h2 style={{ margin: 0 }}>{t('availability.add')}</h2>
            <Row $gap={3} style={{ flexWrap: 'wrap' }}>
              {weekOrder(weekStart).map((d) => (
                <Checkbox
                  key={d}
                  label={t(`weekdays.${d}`)}
                  checked={days.includes(d)}
                  onChange={(e) => setDays(e.target.checked ? [...days, d] : days.filter((x) => x !== d))}
                />
              ))}
            </Row>
            <Checkbox label={t('availability.allDay')} checked={allDay} onChange={(e) => setAllDay(e.target.checked)} />
            {allDay ? null : (
              <Row $gap={3}>
                <TextField type="time" label={t('availability.start')} value={start} onChange={(e) => setStart(e.target.value)} />
                <TextField type="time" label={t('availability.end')} value={end} onChange={(e) => setEnd(e.target.value)} />
              </Row>
            )}
            <TextField label={t('availability.reason')} value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} />
            <Row>
              <Button disabled={busy || days.length === 0} onClick={() => void add()} data-testid="add-availability">{t('availability.save')}</Button>
            </Row>
          </Stack>
        </Card>
      ) : (
        <Muted>{t('availability.askManager')}</Muted>
      )}
    </Stack>
  );
}
