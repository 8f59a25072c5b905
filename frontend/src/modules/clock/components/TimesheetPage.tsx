import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/modules/api/errors';
import { useApi } from '@/modules/auth/hooks/useApi';
import { useLiveResource } from '@/modules/realtime/hooks/useLiveResource';
import { useReportedCall } from '@/modules/snackbar/hooks/useReportedCall';
import { useCurrentStore } from '@/modules/stores/hooks/useCurrentStore';
import { Button } from '@/modules/ui/components/Button';
import { NextIcon, PreviousIcon } from '@/modules/ui/components/DirectionIcon';
import { FiguresTable } from '@/modules/ui/components/FiguresTable';
import { Card, Muted, PageHeader, Row, Stack } from '@/modules/ui/components/Layout';
import { Loading } from '@/modules/ui/components/Spinner';
import { formatMoney, formatNumber } from '@/modules/ui/utils/format';
import type { Timesheet } from '../utils/clock';

const DAY = 86_400_000;

/** `YYYY-MM-DD` of an instant in `zone`. */
function dayOf(at: number, zone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

/**
 * `/clock/timesheets`: a pay period's scheduled and worked hours, breaks, overtime and pay per
 * employee, week by week, with the manager's approval of the period.
 */
export function TimesheetPage() {
  const { t, i18n } = useTranslation();
  const api = useApi();
  const { run, busy } = useReportedCall();
  const { storeId, store } = useCurrentStore();
  const zone = store?.timezoneReference ?? 'UTC';
  const [day, setDay] = useState(() => dayOf(Date.now(), zone));
  const { data, error, reload } = useLiveResource<Timesheet>(
    storeId ? `/stores/${storeId}/timesheets` : null,
    ['clock.', 'timesheet.', 'shift.'],
    { query: { day } },
  );
  if (!store) return <Loading label={t('common.loading')} />;

  const lang = i18n.resolvedLanguage;
  const hours = (minutes: number) => formatNumber(minutes / 60, lang);
  // `+ 0` turns a negative zero into zero: nobody is paid "-0.00".
  const money = (amount: number) => formatMoney(amount + 0, data?.currency ?? 'USD', lang);
  const range = data
    ? new Intl.DateTimeFormat(lang, { day: 'numeric', month: 'short', timeZone: zone }).formatRange(data.start, data.end - 1)
    : '';
  const move = (weeks: number) => data && setDay(dayOf(data.start + weeks * 7 * DAY + DAY / 2, zone));

  const approve = async (approved: boolean) => {
    if (!storeId || !data) return;
    await run(() => api.call('approveTimesheet', { store: storeId, day: data.periodStart, approved }), {
      key: 'timesheet',
      done: approved ? 'clock.timesheet.approvedDone' : 'clock.timesheet.reopenedDone',
    });
    reload();
  };

  return (
    <Stack>
      <PageHeader>
        <h1>{t('clock.timesheet.title')}</h1>
        <Row $gap={2}>
          <Button $small $variant="secondary" onClick={() => move(-1)} aria-label={t('clock.timesheet.previous')}><PreviousIcon /></Button>
          <span data-testid="timesheet-range">{range}</span>
          <Button $small $variant="secondary" onClick={() => move(1)} aria-label={t('clock.timesheet.next')}><NextIcon /></Button>
        </Row>
      </PageHeader>
      {error ? <Card role="alert">{errorText(t, error)}</Card> : null}
      {!data && !error ? <Muted>{t('common.loading')}</Muted> : null}
      {data ? (
        // A table wider than a phone scrolls; the region takes the keyboard focus to scroll it.
        <Card style={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={t('clock.timesheet.title')}>
          <FiguresTable data-testid="timesheet">
            <thead>
              <tr>
                <th scope="col">{t('clock.timesheet.employee')}</th>
                <th scope="col">{t('clock.timesheet.scheduled')}</th>
                <th scope="col">{t('clock.timesheet.worked')}</th>
                <th scope="col">{t('clock.timesheet.breaks')}</th>
                <th scope="col">{t('clock.timesheet.overtime')}</th>
                <th scope="col">{t('clock.timesheet.pay')}</th>
              </tr>
            </thead>
            <tbody>
              {data.lines.map((l) => (
                <tr key={l.employee} data-testid="timesheet-line">
                  <th scope="row">
                    {l.name}
                    {l.late > 0 ? <Muted> · {t('clock.timesheet.late', { count: l.late })}</Muted> : null}
                  </th>
                  <td>{hours(l.scheduledMinutes)}</td>
                  <td data-testid="worked">{hours(l.workedMinutes)}</td>
                  <td>{hours(l.breakMinutes)}</td>
                  <td>{hours(l.overtimeMinutes)}</td>
                  <td data-testid="pay">{money(l.pay)}</td>
                </tr>
              ))}
            </tbody>
          </FiguresTable>
          <Row $justify="space-between" style={{ marginTop: '1rem' }}>
            <Muted data-testid="timesheet-state">{t(data.approved ? 'clock.timesheet.approved' : 'clock.timesheet.open')}</Muted>
            <Button $small disabled={busy} onClick={() => void approve(!data.approved)} data-testid="timesheet-approve">
              {t(data.approved ? 'clock.timesheet.reopen' : 'clock.timesheet.approve')}
            </Button>
          </Row>
        </Card>
      ) : null}
    </Stack>
  );
}
