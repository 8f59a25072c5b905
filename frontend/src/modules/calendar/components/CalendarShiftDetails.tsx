import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { errorText } from '@/modules/api/errors';
import { ShiftAnswers } from '@/modules/employee-home/components/ShiftAnswers';
import { useShiftResponses } from '@/modules/employee-home/hooks/useShiftResponses';
import { useShiftErrors, useShiftsInRange } from '@/modules/schedule/hooks/useShifts';
import { dayStart, minutesBetween, moveDays } from '@/modules/schedule/utils/calendar';
import { useCurrentStore } from '@/modules/stores/hooks/useCurrentStore';
import { PreviousIcon } from '@/modules/ui/components/DirectionIcon';
import { Badge, Card, Muted, PageHeader, Stack } from '@/modules/ui/components/Layout';
import { Loading } from '@/modules/ui/components/Spinner';
import { formatTimeRange } from '@/modules/ui/utils/format';

const StyledFacts = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: ${({ theme }) => theme.spacing(2)} ${({ theme }) => theme.spacing(4)};
  margin: 0;
  dt { color: ${({ theme }) => theme.color.textMuted}; }
  dd { margin: 0; overflow-wrap: anywhere; }
`;

const StyledBack = styled(Link)`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.spacing(1)};
`;

/** How far around today the page looks for a shift named without its day. */
const SEARCH_DAYS = 45;

/**
 * `/calendar-shift-details?shift=<id>&at=<start>`: one of the employee's shifts (its day and
 * times in the store's zone, role, status) and the answers they may give now, as on the home.
 * The shifts read for employees names no colleagues, so none are listed.
 */
export function CalendarShiftDetails() {
  const { t, i18n } = useTranslation();
  const lang = i18n.resolvedLanguage;
  const [params] = useSearchParams();
  const id = params.get('shift');
  const at = Number(params.get('at'));
  const { storeId, store, roles, me } = useCurrentStore();
  const zone = store?.timezoneReference ?? 'UTC';
  // The shift's own day when the link names it; otherwise some weeks either side of today.
  const [from, to] = useMemo(() => {
    const around = Number.isFinite(at) && at > 0 ? at : Date.now();
    const span = Number.isFinite(at) && at > 0 ? 1 : SEARCH_DAYS;
    const first = moveDays(dayStart(around, zone), -span, zone);
    return [first, moveDays(first, 2 * span + 1, zone) - 1];
  }, [at, zone]);
  const { shifts, loading, error } = useShiftsInRange(storeId, from, to, 'mine');
  const errors = useShiftErrors();
  const { busy, respond, drop } = useShiftResponses();
  const shift = shifts.find((s) => s.id === id);
  const role = shift?.role ? roles.find((r) => r.id === shift.role) : undefined;

  if (!store || !me) return <Loading label={t('common.loading')} />;
  const back = (
    <StyledBack to="/calendar">
      <PreviousIcon />
      {t('calendar.back')}
    </StyledBack>
  );
  if (!shift) {
    return (
      <Stack>
        {back}
        {error ? <Card role="alert">{errorText(t, error)}</Card> : loading ? <Loading label={t('common.loading')} /> : <Card>{t('calendar.notFound')}</Card>}
      </Stack>
    );
  }
  const day = new Intl.DateTimeFormat(lang, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: zone });
  const minutes = minutesBetween(shift.start, shift.end);
  return (
    <Stack>
      {back}
      <PageHeader>
        <h1>{shift.title || t('calendar.shift')}</h1>
      </PageHeader>
      <Card data-testid="shift-details" data-status={shift.status}>
        <Stack $gap={3}>
          <StyledFacts>
            <dt>{t('calendar.day')}</dt>
            <dd>{day.format(shift.start)}</dd>
            <dt>{t('calendar.time')}</dt>
            <dd data-testid="shift-details-time">
              {formatTimeRange(shift.start, shift.oe ? null : shift.end, zone, lang)}
              {shift.oe ? null : <Muted> ({t('calendar.hours', { count: Math.round((minutes / 60) * 100) / 100 })})</Muted>}
            </dd>
            <dt>{t('calendar.role')}</dt>
            <dd>
              {role ? (
                <Badge $color={role.color}>{role.title}</Badge>
              ) : (
                t('calendar.noRole')
              )}
            </dd>
            <dt>{t('calendar.status')}</dt>
            <dd data-testid="shift-details-status">{t(`schedule.status.${shift.status}`)}</dd>
          </StyledFacts>
          {shift.status === 'dropped' ? <Muted data-testid="drop-explained">{t('home.droppedExplained')}</Muted> : null}
          {errors[shift.id] ? <Muted role="alert">{errors[shift.id]}</Muted> : null}
          <ShiftAnswers
            shift={shift}
            role={role}
            employeeId={me.id}
            busy={busy === shift.id}
            onRespond={(s, answer) => void respond(s, answer)}
            onDrop={(s) => void drop(s)}
          />
        </Stack>
      </Card>
    </Stack>
  );
}
