import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { useShiftsInRange } from '@/modules/schedule/hooks/useShifts';
import { clockTime, dayStart, moveDays } from '@/modules/schedule/utils/calendar';
import { useCurrentStore } from '@/modules/stores/hooks/useCurrentStore';
import { Card, Muted, PageHeader, Row, Stack } from '@/modules/ui/components/Layout';

const StyledStats = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(180px, 1fr));
  gap: ${({ theme }) => theme.spacing(3)};
  strong { display: block; font-size: 28px; }
`;

/** The manager's overview: roles, active employees, today's shifts. */
export function Dashboard() {
  const { t } = useTranslation();
  const { storeId, store, roles, employees } = useCurrentStore();
  const zone = store?.timezoneReference ?? 'UTC';
  const [now] = useState(() => Date.now());
  const from = dayStart(now, zone);
  const { shifts } = useShiftsInRange(storeId, from, moveDays(from, 1, zone) - 1, 'all');
  const active = employees.filter((e) => !e.deactive && e.userId);
  const byId = useMemo(() => new Map(employees.map((e) => [e.id, e])), [employees]);
  return (
    <Stack>
      <PageHeader>
        <h1>{t('dashboard.title')}</h1>
      </PageHeader>
      <StyledStats>
        <Card><Muted>{t('dashboard.roles')}</Muted><strong>{roles.length}</strong></Card>
        <Card><Muted>{t('dashboard.activeEmployees')}</Muted><strong>{active.length}</strong></Card>
        <Card><Muted>{t('dashboard.todaysShifts')}</Muted><strong>{shifts.length}</strong></Card>
      </StyledStats>
      <Card>
        <Stack $gap={2}>
          <h2 style={{ margin: 0 }}>{t('dashboard.todaysShifts')}</h2>
          {shifts.length === 0 ? <Muted>{t('dashboard.noShiftsToday')}</Muted> : null}
          {shifts.map((s) => (
            <div key={s.id}>
              {clockTime(s.start, zone)}–{clockTime(s.end, zone)} · {s.title} ·{' '}
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
