import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AffectedShift, ShiftRequest } from '@/modules/api/types';
import { errorText } from '@/modules/api/errors';
import { useLiveResource } from '@/modules/realtime/hooks/useLiveResource';
import { formatTimeRange } from '@/modules/ui/utils/format';
import { useCurrentStore } from '@/modules/stores/hooks/useCurrentStore';
import { Button } from '@/modules/ui/components/Button';
import { Dialog } from '@/modules/ui/components/Dialog';
import { Card, Muted, Row, Stack } from '@/modules/ui/components/Layout';
import { CardItem, CardList } from '@/modules/ui/components/List';
import { useReportedCall } from '@/modules/snackbar/hooks/useReportedCall';
import { pendingRequests, requestDates } from '../utils/timeOff';

/** The time-off requests waiting for an answer, for managers of staff. */
export function TimeOffRequests() {
  const { t, i18n } = useTranslation();
  const { storeId, store } = useCurrentStore();
  const zone = store?.timezoneReference ?? 'UTC';
  const { data, error, reload } = useLiveResource<ShiftRequest[]>(storeId ? `/stores/${storeId}/timeoff` : null, ['request.']);
  const pending = useMemo(() => pendingRequests(data ?? []), [data]);
  const [approving, setApproving] = useState<{ request: ShiftRequest; shifts: AffectedShift[] } | null>(null);
  const { call, busy } = useReportedCall();
  const day = new Intl.DateTimeFormat(i18n.resolvedLanguage, { weekday: 'short', day: 'numeric', month: 'short', timeZone: zone });

  // Approval asks first, showing the shifts it would move to open shifts.
  const ask = async (request: ShiftRequest) => {
    const check = await call('checkApproveTimeoff', { store: storeId, requestId: request.id }, { key: `timeoff-${request.id}` });
    if (check) setApproving({ request, shifts: check.data.shifts });
  };

  const answer = async (name: 'approveTimeOff' | 'rejectTimeOff', request: ShiftRequest) => {
    const done = name === 'approveTimeOff' ? 'timeOff.approved' : 'timeOff.rejected';
    if (await call(name, { store: storeId, requestId: request.id }, { key: `timeoff-${request.id}`, done })) {
      setApproving(null);
      reload();
    }
  };

  return (
    <Stack>
      {error ? <Card role="alert">{errorText(t, error)}</Card> : null}
      {data !== null && pending.length === 0 ? <Card>{t('timeOff.nothingPending')}</Card> : null}
      <CardList data-testid="pending-time-off">
        {pending.map((r) => (
          <CardItem key={r.id} data-testid="pending-request">
            <Row $justify="space-between">
              <strong>{r.employeeName}</strong>
              <Muted>{requestDates(r, i18n.resolvedLanguage)}</Muted>
            </Row>
            {r.description ? <span>{r.description}</span> : null}
            <Row $gap={2}>
              <Button $small disabled={busy} onClick={() => void ask(r)} data-testid="approve-time-off">{t('timeOff.approve')}</Button>
              <Button $small $variant="secondary" disabled={busy} onClick={() => void answer('rejectTimeOff', r)}>{t('timeOff.reject')}</Button>
            </Row>
          </CardItem>
        ))}
      </CardList>
      {approving ? (
        <Dialog
          title={t('timeOff.approveTitle', { name: approving.request.employeeName ?? '' })}
          onClose={() => setApproving(null)}
          actions={
            <>
              <Button $variant="secondary" onClick={() => setApproving(null)}>{t('common.cancel')}</Button>
              <Button disabled={busy} onClick={() => void answer('approveTimeOff', approving.request)} data-testid="confirm">
                {t('timeOff.approve')}
              </Button>
            </>
          }
        >
          {approving.shifts.length === 0 ? (
            <p>{t('timeOff.noShiftsAffected')}</p>
          ) : (
            <>
              <p>{t('timeOff.shiftsAffected', { count: approving.shifts.length })}</p>
              <ul data-testid="affected-shifts">
                {approving.shifts.map((s) => (
                  <li key={s.id}>{day.format(s.start)} · {formatTimeRange(s.start, s.end, zone, i18n.resolvedLanguage)} · {s.title}</li>
                ))}
              </ul>
            </>
          )}
        </Dialog>
      ) : null}
    </Stack>
  );
}
