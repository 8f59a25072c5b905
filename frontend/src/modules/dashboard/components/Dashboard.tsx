import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { firstScreenDrawn } from '@/modules/app/utils/firstScreen';
import { useShiftsInRange } from '@/modules/schedule/hooks/useShifts';
import { dayStart, moveDays } from '@/modules/schedule/utils/calendar';
import { formatNumber, formatTimeRange } from '@/modules/ui/utils/format';
import { useCurrentStore } from '@/modules/stores/hooks/useCurrentStore';
import { Tour } from '@/modules/tour/components/Tour';
import { DASHBOARD_STEPS } from '@/modules/tour/utils/tours';
import { Card, Muted, PageHeader, Row, Stack } from '@/modules/ui/components/Layout';
import { WeekFigures } from '@/modules/reports/components/WeekFigures';

const StyledStats = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(180px, 1fr));
  gap: ${({ theme }) => theme.spacing(3)};
  strong { display: block; font-size: 28px; }
`;

/** The manager's overview: roles, active employees, today's shifts. */
export function Dashboard() {
  const { t, i18n } = useTranslation();
  const { storeId, store, roles, employees } = useCurrentStore();
  const zone = store?.timezoneReference ?? 'UTC';
  const [now] = useState(() => Date.now());
  const from = dayStart(now, zone);
  const { shifts } = useShiftsInRange(storeId, from, moveDays(from, 1, zone) - 1, 'all');
  const active = employees.filter((e) => !e.deactive && e.userId);
  const byId = useMemo(() => new Map(employees.map((e) => [e.id, e])), [employees]);
  // The overview is drawn from the start (its figures fill in as they come).
  useEffect(() => firstScreenDrawn(), []);
  return (
    <Stack>
      <Tour name="dashboard" steps={DASHBOARD_STEPS} />
      <PageHeader>
        <h1>{t('dashboard.title')}</h1>
      </PageHeader>
      <StyledStats>
        <Card data-tour="roles"><Muted>{t('dashboard.roles')}</Muted><strong>{formatNumber(roles.length, i18n.resolvedLanguage)}</strong></Card>
        <Card data-tour="active-employees"><Muted>{t('dashboard.activeEmployees')}</Muted><strong>{formatNumber(active.length, i18n.resolvedLanguage)}</strong></Card>
        <Card data-tour="todays-shifts"><Muted>{t('dashboard.todaysShifts')}</Muted><strong>{formatNumber(shifts.length, i18n.resolvedLanguage)}</strong></Card>
      </StyledStats>
      <WeekFigures />
      <Card>
        <Stack $gap={2}>
          <h2 style={{ margin: 0 }}>{t('dashboard.todaysShifts')}</h2>
          {shifts.length === 0 ? <Muted>{t('dashboard.noShiftsToday')}</Muted> : null}
          {shifts.map((s) => (
            <div key={s.id}>
              {formatTimeRange(s.start, s.end, zone, i18n.resolvedLanguage)} · {s.title} ·{' '}
              {s.assigned ? byId.get(s.assigned)?.displayName ?? '' : t('schedule.openShift')} · {t(`schedule.status.${s.status}`)}
            </div>
          ))}
          <Row $gap={3} style={{ flexWrap: 'wrap' }}>
            <Link to="/schedule">{t('dashboard.openSchedule')}</Link>
            <Link to="/clock/now">{t('nav.clockNow')}</Link>
            <Link to="/clock/timesheets">{t('nav.timesheets')}</Link>
          </Row>
        </Stack>
      </Card>
    </Stack>
  );
}
