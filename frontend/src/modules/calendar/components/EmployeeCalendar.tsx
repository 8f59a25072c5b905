import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import type { Shift } from '@/modules/api/types';
import { errorText } from '@/modules/api/errors';
import { useShiftsInRange } from '@/modules/schedule/hooks/useShifts';
import { stepAnchor } from '@/modules/schedule/utils/calendar';
import { storeWeekStart } from '@/modules/schedule/utils/weekStart';
import { useCurrentStore } from '@/modules/stores/hooks/useCurrentStore';
import { Button } from '@/modules/ui/components/Button';
import { NextIcon, PreviousIcon } from '@/modules/ui/components/DirectionIcon';
import { Card, Muted, PageHeader, Row, Stack } from '@/modules/ui/components/Layout';
import { Loading } from '@/modules/ui/components/Spinner';
import { Tabs } from '@/modules/ui/components/Tabs';
import { formatTime, formatTimeRange } from '@/modules/ui/utils/format';
import { roleColors } from '@/modules/ui/theme/tokens';
import { CALENDAR_VIEWS, calendarGrid, shiftsByDay, type CalendarView } from '../utils/monthGrid';

const StyledTable = styled.table`
  width: 100%;
  table-layout: fixed;
  border-collapse: collapse;
  th {
    font-size: 12px;
    font-weight: 500;
    color: ${({ theme }) => theme.color.textMuted};
    padding: ${({ theme }) => theme.spacing(1)} 0;
  }
  td {
    vertical-align: top;
    height: 72px;
    padding: 2px;
    border: 1px solid ${({ theme }) => theme.color.border};
  }
`;

const StyledDayNumber = styled.span<{ $outside: boolean; $today: boolean }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  min-width: 24px;
  height: 24px;
  border-radius: 12px;
  font-size: 12px;
  color: ${({ theme, $outside, $today }) => ($today ? theme.color.onPrimary : $outside ? theme.color.textMuted : theme.color.text)};
  background: ${({ theme, $today }) => ($today ? theme.color.primary : 'transparent')};
  font-weight: ${({ $today }) => ($today ? 700 : 400)};
`;

const StyledChip = styled(Link)<{ $accent: string }>`
  display: block;
  margin-top: 2px;
  padding: 1px 3px;
  border-inline-start: 3px solid ${({ $accent }) => $accent};
  border-radius: 4px;
  background: ${({ theme }) => theme.color.surfaceAlt};
  color: ${({ theme }) => theme.color.text};
  font-size: 11px;
  text-decoration: none;
  overflow: hidden;
  white-space: nowrap;
  text-overflow: ellipsis;
`;

const StyledWeekDay = styled.li<{ $today: boolean }>`
  list-style: none;
  padding: ${({ theme }) => theme.spacing(2)} ${({ theme }) => theme.spacing(3)};
  border: 1px solid ${({ theme, $today }) => ($today ? theme.color.primary : theme.color.border)};
  border-radius: ${({ theme }) => theme.radius}px;
  background: ${({ theme }) => theme.color.surface};
`;

const StyledWeekList = styled.ol`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing(2)};
  margin: 0;
  padding: 0;
`;

/** Statuses the calendar leaves out: shifts that are no longer the employee's to work. */
const HIDDEN: Shift['status'][] = ['cancelled', 'declined', 'rejected'];

/**
 * `/calendar`: the employee's own shifts in a month or week of the store's zone, weeks starting
 * on the store's day like the board's; today is marked, and a shift opens its details.
 */
export function EmployeeCalendar() {
  const { t, i18n } = useTranslation();
  const lang = i18n.resolvedLanguage;
  const { storeId, store, roles, me } = useCurrentStore();
  const zone = store?.timezoneReference ?? 'UTC';
  const weekStart = storeWeekStart(store);
  const [view, setView] = useState<CalendarView>('month');
  const [anchor, setAnchor] = useState(() => Date.now());
  const now = Date.now();
  const grid = useMemo(() => calendarGrid(view, anchor, zone, weekStart, now), [view, anchor, zone, weekStart, now]);
  const { shifts, loading, error } = useShiftsInRange(storeId, grid.start, grid.end, 'mine');
  const byDay = useMemo(
    () => shiftsByDay(shifts.filter((s) => s.assigned === me?.id && !HIDDEN.includes(s.status)), zone),
    [shifts, me?.id, zone],
  );
  const roleById = new Map(roles.map((r) => [r.id, r]));
  const accent = (s: Shift) => (s.role ? roleById.get(s.role)?.color : undefined) ?? roleColors.none;

  // The grid's months are the Gregorian months of the board, so its names and day numbers are
  // too (Persian would otherwise name the solar month, which straddles two of these), in the
  // reader's language and digits.
  const dates = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(lang, { ...options, calendar: 'gregory', timeZone: zone });
  const weekdayShort = dates({ weekday: 'short' });
  const weekdayLong = dates({ weekday: 'long' });
  const dayNumber = dates({ day: 'numeric' });
  const fullDay = dates({ weekday: 'long', day: 'numeric', month: 'long' });
  const title = dates({ month: 'long', year: 'numeric' }).format(anchor);
  const shiftLabel = (s: Shift) =>
    `${fullDay.format(s.start)}, ${formatTimeRange(s.start, s.end, zone, lang)}, ${s.title}, ${t(`schedule.status.${s.status}`)}`;
  const details = (s: Shift) => `/calendar-shift-details?shift=${s.id}&at=${s.start}`;
  const count = [...byDay.values()].reduce((n, list) => n + list.length, 0);

  if (!store || !me) return <Loading label={t('common.loading')} />;
  const header = grid.weeks[0] ?? [];
  return (
    <Stack>
      <PageHeader>
        <h1>{t('calendar.title')}</h1>
        <Tabs<CalendarView> tabs={CALENDAR_VIEWS.map((v) => ({ value: v, label: t(`calendar.views.${v}`) }))} value={view} onChange={setView} />
      </PageHeader>
      <Row $justify="space-between" $gap={2} style={{ flexWrap: 'wrap' }}>
        <Row $gap={2}>
          <Button $small $variant="secondary" onClick={() => setAnchor(stepAnchor(view, anchor, -1, zone))} aria-label={t(`calendar.previous.${view}`)} data-testid="calendar-previous">
            <PreviousIcon />
          </Button>
          <Button $small $variant="secondary" onClick={() => setAnchor(Date.now())}>{t('schedule.today')}</Button>
          <Button $small $variant="secondary" onClick={() => setAnchor(stepAnchor(view, anchor, 1, zone))} aria-label={t(`calendar.next.${view}`)} data-testid="calendar-next">
            <NextIcon />
          </Button>
        </Row>
        <strong data-testid="calendar-title" aria-live="polite">{title}</strong>
      </Row>
      {error ? <Card role="alert">{errorText(t, error)}</Card> : null}
      {loading && count === 0 ? <Muted>{t('common.loading')}</Muted> : null}
      <Muted data-testid="calendar-count">{t('calendar.count', { count })}</Muted>
      {view === 'month' ? (
        <StyledTable data-testid="calendar-month" aria-label={title}>
          <thead>
            <tr>
              {header.map((d) => (
                <th key={d.key} scope="col" abbr={weekdayLong.format(d.start)}>{weekdayShort.format(d.start)}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {grid.weeks.map((week) => (
              <tr key={week[0]?.key}>
                {week.map((d) => (
                  <td key={d.key} data-testid="calendar-day" data-day={d.key} data-today={d.today || undefined} aria-current={d.today ? 'date' : undefined}>
                    <StyledDayNumber $outside={!d.inMonth} $today={d.today} aria-label={fullDay.format(d.start)}>
                      {dayNumber.format(d.start)}
                    </StyledDayNumber>
                    {(byDay.get(d.key) ?? []).map((s) => (
                      <StyledChip key={s.id} to={details(s)} $accent={accent(s)} aria-label={shiftLabel(s)} data-testid="calendar-shift" data-shift-id={s.id}>
                        {formatTime(s.start, zone, lang)}
                      </StyledChip>
                    ))}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </StyledTable>
      ) : (
        <StyledWeekList data-testid="calendar-week">
          {(grid.weeks[0] ?? []).map((d) => {
            const list = byDay.get(d.key) ?? [];
            return (
              <StyledWeekDay key={d.key} $today={d.today} data-testid="calendar-day" data-day={d.key} aria-current={d.today ? 'date' : undefined}>
                <Row $justify="space-between">
                  <strong>{fullDay.format(d.start)}</strong>
                  {d.today ? <Muted>{t('schedule.today')}</Muted> : null}
                </Row>
                {list.length === 0 ? <Muted>{t('calendar.free')}</Muted> : null}
                {list.map((s) => (
                  <StyledChip key={s.id} to={details(s)} $accent={accent(s)} data-testid="calendar-shift" data-shift-id={s.id}>
                    {formatTimeRange(s.start, s.end, zone, lang)} · {s.title} · {t(`schedule.status.${s.status}`)}
                  </StyledChip>
                ))}
              </StyledWeekDay>
            );
          })}
        </StyledWeekList>
      )}
    </Stack>
  );
}
