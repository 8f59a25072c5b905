import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { Shift } from '@/modules/api/types';
import { errorText } from '@/modules/api/errors';
import { useMe } from '@/modules/auth/hooks/useMe';
import { useShiftCalls } from '@/modules/schedule/hooks/useShiftCalls';
import { useShiftActions, useShiftErrors, useShiftsInRange } from '@/modules/schedule/hooks/useShifts';
import { clockTime, dayStart, moveDays } from '@/modules/schedule/utils/calendar';
import { ClockHomeCard } from '@/modules/clock/components/ClockHomeCard';
import { useSnackbar } from '@/modules/snackbar/hooks/useSnackbar';
import { useCurrentStore } from '@/modules/stores/hooks/useCurrentStore';
import { Button } from '@/modules/ui/components/Button';
import { Badge, Card, Muted, PageHeader, Row, Stack } from '@/modules/ui/components/Layout';
import { CardItem, CardList } from '@/modules/ui/components/List';
import { Loading } from '@/modules/ui/components/Spinner';
import { usePublishedBadge } from '../hooks/usePublishedBadge';
import { canDrop, canRespond, estimateEarnings } from '../utils/earnings';

/** How far ahead the home lists shifts. */
const DAYS_AHEAD = 14;

const StyledStats = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(140px, 1fr));
  gap: ${({ theme }) => theme.spacing(3)};
  strong { display: block; font-size: 24px; }
`;

/** The employee's home: upcoming shifts to confirm or decline, estimated earnings, new shifts. */
export function EmployeeHome() {
  const { t, i18n } = useTranslation();
  const user = useMe();
  const snack = useSnackbar();
  const { storeId, store, roles, me } = useCurrentStore();
  const zone = store?.timezoneReference ?? 'UTC';
  const [now] = useState(() => Date.now());
  const from = dayStart(now, zone);
  const to = moveDays(from, DAYS_AHEAD, zone) - 1;
  const { shifts, loading, error } = useShiftsInRange(storeId, from, to, 'mine');
  const errors = useShiftErrors();
  const actions = useShiftActions(storeId);
  const run = useShiftCalls();
  const { count, markSeen } = usePublishedBadge();
  const [busy, setBusy] = useState<string | null>(null);
  const mine = useMemo(
    () => shifts.filter((s) => s.assigned === me?.id && s.end >= now && s.status !== 'cancelled'),
    [shifts, me?.id, now],
  );
  const earnings = estimateEarnings(mine, me?.wage ?? {});
  const roleById = new Map(roles.map((r) => [r.id, r]));
  const day = new Intl.DateTimeFormat(i18n.resolvedLanguage, { weekday: 'long', day: 'numeric', month: 'long', timeZone: zone });
  const money = new Intl.NumberFormat(i18n.resolvedLanguage, { maximumFractionDigits: 2 });

  const respond = async (shift: Shift, answer: 'confirmShift' | 'declineShift') => {
    setBusy(shift.id);
    try {
      await actions.respond(shift, answer);
      markSeen([shift.id]);
      snack(t(answer === 'confirmShift' ? 'home.confirmed' : 'home.declined'), 'success', `respond-${shift.id}`);
    } catch (e) {
      snack(errorText(t, e), 'error', `respond-${shift.id}`);
    } finally {
      setBusy(null);
    }
  };

  const drop = async (shift: Shift) => {
    setBusy(shift.id);
    try {
      await run('dropShift', { store: storeId, shift: shift.id });
      snack(t('home.dropped'), 'success', `drop-${shift.id}`);
    } catch (e) {
      snack(errorText(t, e), 'error', `drop-${shift.id}`);
    } finally {
      setBusy(null);
    }
  };

  if (!store || !me) return <Loading label={t('common.loading')} />;
  return (
    <Stack>
      <PageHeader>
        <Row $gap={2}>
          <h1>{t('home.greeting', { name: user?.firstName ?? '' })}</h1>
          {count > 0 ? <Badge data-testid="published-badge" aria-label={t('home.newShifts', { count })}>{count}</Badge> : null}
        </Row>
        {count > 0 ? (
          <Button $small $variant="ghost" onClick={() => markSeen(mine.map((s) => s.id))}>{t('home.markSeen')}</Button>
        ) : null}
      </PageHeader>
      <ClockHomeCard />
      <Card>
        <StyledStats>
          <div>
            <Muted>{t('home.upcoming')}</Muted>
            <strong data-testid="upcoming-count">{mine.length}</strong>
          </div>
          <div>
            <Muted>{t('home.hours')}</Muted>
            <strong>{earnings.hours}</strong>
          </div>
          <div>
            <Muted>{t('home.earnings')}</Muted>
            <strong data-testid="earnings">{money.format(earnings.amount)}</strong>
          </div>
        </StyledStats>
      </Card>
      <h2 style={{ margin: 0 }}>{t('home.myShifts', { days: DAYS_AHEAD })}</h2>
      {error ? <Card role="alert">{errorText(t, error)}</Card> : null}
      {loading && mine.length === 0 ? <Muted>{t('common.loading')}</Muted> : null}
      {!loading && !error && mine.length === 0 ? <Card>{t('home.noShifts')}</Card> : null}
      <CardList data-testid="my-shifts">
        {mine.map((s) => {
          const role = s.role ? roleById.get(s.role) : undefined;
          return (
            <CardItem key={s.id} $accent={role?.color ?? '#8b949e'} data-testid="my-shift" data-shift-id={s.id} data-status={s.status}>
              <Row $justify="space-between">
                <strong>{day.format(s.start)}</strong>
                <Muted data-testid="my-shift-status">{t(`schedule.status.${s.status}`)}</Muted>
              </Row>
              <span>
                {clockTime(s.start, zone)}–{clockTime(s.end, zone)} · {s.title}
                {role && role.title !== s.title ? ` · ${role.title}` : ''}
              </span>
              {errors[s.id] ? <Muted role="alert">{errors[s.id]}</Muted> : null}
              <Row $gap={2}>
                {canRespond(s, me.id, Date.now()) ? (
                  <>
                    <Button $small onClick={() => void respond(s, 'confirmShift')} disabled={busy === s.id} data-testid="confirm-shift">
                      {t('home.confirm')}
                    </Button>
                    <Button $small $variant="secondary" onClick={() => void respond(s, 'declineShift')} disabled={busy === s.id}>
                      {t('home.decline')}
                    </Button>
                  </>
                ) : null}
                {canDrop(s, me.id, Date.now(), role?.swappeable !== false) ? (
                  <Button $small $variant="ghost" onClick={() => void drop(s)} disabled={busy === s.id} data-testid="drop-shift">
                    {t('home.drop')}
                  </Button>
                ) : null}
              </Row>
            </CardItem>
          );
        })}
      </CardList>
    </Stack>
  );
}
