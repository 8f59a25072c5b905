import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { errorText } from '@/modules/api/errors';
import { firstScreenDrawn } from '@/modules/app/utils/firstScreen';
import { useMe } from '@/modules/auth/hooks/useMe';
import { useShiftErrors, useShiftsInRange } from '@/modules/schedule/hooks/useShifts';
import { ClockHomeCard } from '@/modules/clock/components/ClockHomeCard';
import { useClock } from '@/modules/clock/hooks/useClock';
import { useStoreCurrency } from '@/modules/clock/hooks/useStoreCurrency';
import { useCurrentStore } from '@/modules/stores/hooks/useCurrentStore';
import { Button } from '@/modules/ui/components/Button';
import { Badge, Card, Muted, PageHeader, Row, Stack } from '@/modules/ui/components/Layout';
import { CardItem, CardList } from '@/modules/ui/components/List';
import { Loading } from '@/modules/ui/components/Spinner';
import { formatMoney, formatNumber, formatTimeRange } from '@/modules/ui/utils/format';
import { roleColors } from '@/modules/ui/theme/tokens';
import { useMyEarnings } from '../hooks/useMyEarnings';
import { usePublishedBadge } from '../hooks/usePublishedBadge';
import { useShiftResponses } from '../hooks/useShiftResponses';
import { DAYS_AHEAD, homeRange } from '../utils/homeReads';
import { ShiftAnswers } from './ShiftAnswers';

const StyledStats = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(140px, 1fr));
  gap: ${({ theme }) => theme.spacing(3)};
  strong { display: block; font-size: 24px; }
`;

/**
 * The employee's home: upcoming shifts to confirm or decline, their hours and estimated
 * earnings (as the server counts pay), new shifts.
 */
export function EmployeeHome() {
  const { t, i18n } = useTranslation();
  const user = useMe();
  const { storeId, store, roles, me } = useCurrentStore();
  const zone = store?.timezoneReference ?? 'UTC';
  const [now] = useState(() => Date.now());
  const { from, to } = homeRange(now, zone);
  const { shifts, loading, error } = useShiftsInRange(storeId, from, to, 'mine');
  const errors = useShiftErrors();
  const { count, markSeen } = usePublishedBadge();
  const { busy, respond, drop } = useShiftResponses();
  const currency = useStoreCurrency();
  const clock = useClock();
  const lang = i18n.resolvedLanguage;
  const mine = useMemo(
    () => shifts.filter((s) => s.assigned === me?.id && s.end >= now && s.status !== 'cancelled'),
    [shifts, me?.id, now],
  );
  // From now, so only the work still to come is estimated.
  const earnings = useMyEarnings(storeId, now, to);
  const roleById = new Map(roles.map((r) => [r.id, r]));
  const day = new Intl.DateTimeFormat(lang, { weekday: 'long', day: 'numeric', month: 'long', timeZone: zone });
  // Earnings in the store's currency once it is known; the bare amount until then.
  const money = (amount: number) => (currency ? formatMoney(amount, currency, lang) : formatNumber(amount, lang));

  // The page is laid out once its shifts and its clock are known (or failed), so the clock's
  // card does not push the rest down when it arrives.
  const settled = (!loading || mine.length > 0 || error) && (clock.board !== null || clock.error);
  const drawn = store !== null && me !== null && Boolean(settled);
  // The day is up: what the home does not need at first may load (`firstScreen.ts`).
  useEffect(() => {
    if (drawn) firstScreenDrawn();
  }, [drawn]);
  if (!drawn) return <Loading label={t('common.loading')} />;
  return (
    <Stack>
      <PageHeader>
        <Row $gap={2}>
          <h1>{t('home.greeting', { name: user?.firstName ?? '' })}</h1>
          {count > 0 ? <Badge data-testid="published-badge" aria-label={t('home.newShifts', { count })}>{formatNumber(count, lang)}</Badge> : null}
        </Row>
        {count > 0 ? (
          <Button $small $variant="ghost" onClick={() => markSeen(mine.map((s) => s.id))}>{t('home.markSeen')}</Button>
        ) : null}
      </PageHeader>
      <ClockHomeCard clock={clock} />
      <Card>
        <StyledStats>
          <div>
            <Muted>{t('home.upcoming')}</Muted>
            <strong data-testid="upcoming-count">{formatNumber(mine.length, lang)}</strong>
          </div>
          <div>
            <Muted>{t('home.hours')}</Muted>
            <strong data-testid="upcoming-hours">{earnings ? formatNumber(earnings.expectedMinutes / 60, lang, 1) : '–'}</strong>
          </div>
          <div>
            <Muted>{t('home.earnings')}</Muted>
            <strong data-testid="earnings">{earnings ? money(earnings.expectedPay) : '–'}</strong>
          </div>
        </StyledStats>
      </Card>
      <h2 style={{ margin: 0 }}>{t('home.myShifts', { days: DAYS_AHEAD })}</h2>
      {error ? <Card role="alert">{errorText(t, error)}</Card> : null}
      {!loading && !error && mine.length === 0 ? <Card>{t('home.noShifts')}</Card> : null}
      <CardList data-testid="my-shifts">
        {mine.map((s) => {
          const role = s.role ? roleById.get(s.role) : undefined;
          return (
            <CardItem key={s.id} $accent={role?.color ?? roleColors.none} data-testid="my-shift" data-shift-id={s.id} data-status={s.status}>
              <Row $justify="space-between">
                <Link to={`/calendar-shift-details?shift=${s.id}`}><strong>{day.format(s.start)}</strong></Link>
                <Muted data-testid="my-shift-status">{t(`schedule.status.${s.status}`)}</Muted>
              </Row>
              <span>
                {formatTimeRange(s.start, s.end, zone, lang)} · {s.title}
                {role && role.title !== s.title ? ` · ${role.title}` : ''}
              </span>
              {s.status === 'dropped' ? <Muted data-testid="drop-explained">{t('home.droppedExplained')}</Muted> : null}
              {errors[s.id] ? <Muted role="alert">{errors[s.id]}</Muted> : null}
              <ShiftAnswers
                shift={s}
                role={role}
                employeeId={me.id}
                busy={busy === s.id}
                onRespond={(shift, answer) => void respond(shift, answer)}
                onDrop={(shift) => void drop(shift)}
              />
            </CardItem>
          );
        })}
      </CardList>
    </Stack>
  );
}
