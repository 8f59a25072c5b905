import { memo, useContext, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { Employee, Role, Shift } from '@/modules/api/types';
import { Dialog } from '@/modules/ui/components/Dialog';
import { formatNumber } from '@/modules/ui/utils/format';
import { roleColors } from '@/modules/ui/theme/tokens';
import { dayIndexOf } from '../utils/boardIndex';
import { dayKey, weekdayOf } from '../utils/calendar';
import { roleCounts } from '../utils/monthDays';
import { BookedShiftsContext } from '@/modules/booking/components/BookedShiftsContext';
import { ShiftCard } from './ShiftCard';

/** A day with more shifts than this shows counts per role, and the list on demand. */
export const MONTH_CARDS_MAX = 4;

const StyledMonth = styled.div`
  display: grid;
  grid-template-columns: repeat(7, minmax(110px, 1fr));
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius}px;
  background: ${({ theme }) => theme.color.surface};
  overflow: auto;
`;

const StyledDay = styled.div<{ $outside: boolean }>`
  min-height: 110px;
  padding: 4px;
  border-bottom: 1px solid ${({ theme }) => theme.color.border};
  border-inline-end: 1px solid ${({ theme }) => theme.color.border};
  opacity: ${({ $outside }) => ($outside ? 0.5 : 1)};
  > span { font-size: 12px; font-weight: 600; }
`;

const StyledWeekday = styled.div`
  padding: ${({ theme }) => theme.spacing(2)};
  font-weight: 600;
  font-size: 13px;
  text-align: center;
  background: ${({ theme }) => theme.color.surfaceAlt};
`;

const StyledCounts = styled.button`
  display: block;
  width: 100%;
  margin-top: 4px;
  padding: 4px;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius}px;
  background: ${({ theme }) => theme.color.surfaceAlt};
  color: ${({ theme }) => theme.color.text};
  font-size: 12px;
  text-align: start;
  cursor: pointer;
  ul { margin: 0; padding: 0; list-style: none; }
  li { display: flex; align-items: center; gap: 4px; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
  i { flex: none; width: 8px; height: 8px; border-radius: 50%; }
  strong { display: block; margin-top: 2px; color: ${({ theme }) => theme.color.primary}; }
`;

const StyledList = styled.div`
  max-height: 60vh;
  overflow: auto;
`;

export interface MonthGridProps {
  days: number[];
  end: number;
  month: number;
  shifts: Shift[];
  zone: string;
  roles: Role[];
  employees: Employee[];
  errors: Record<string, string>;
  onOpen: (shift: Shift) => void;
  onCreate: (day: number) => void;
}

/**
 * The month view: whole weeks, each day listing its shifts with their assignees; a busy day
 * shows how many shifts each role has instead, with the whole list a click away.
 */
export const MonthGrid = memo(function MonthGrid({ days, end, month, shifts, zone, roles, employees, errors, onOpen, onCreate }: MonthGridProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.resolvedLanguage;
  const [listed, setListed] = useState<number | null>(null);
  const booked = useContext(BookedShiftsContext);
  const roleById = useMemo(() => new Map(roles.map((r) => [r.id, r])), [roles]);
  const byId = useMemo(() => new Map(employees.map((e) => [e.id, e])), [employees]);
  const byDay = useMemo(() => {
    const grouped: Shift[][] = days.map(() => []);
    for (const s of shifts) grouped[dayIndexOf(days, end, s.start)]?.push(s);
    return grouped;
  }, [days, end, shifts]);
  const formats = useMemo(
    () => ({
      weekday: new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: zone }),
      month: new Intl.DateTimeFormat('en', { month: 'numeric', timeZone: zone }),
      // The grid's months are Gregorian, so are its day numbers, in the reader's digits.
      day: new Intl.DateTimeFormat(locale, { day: 'numeric', calendar: 'gregory', timeZone: zone }),
      long: new Intl.DateTimeFormat(locale, { weekday: 'long', day: 'numeric', month: 'long', calendar: 'gregory', timeZone: zone }),
    }),
    [locale, zone],
  );
  const shownMonth = formats.month.format(month);

  const card = (s: Shift, fromList = false) => {
    const role = s.role ? roleById.get(s.role) : undefined;
    const person = s.assigned ? byId.get(s.assigned) : undefined;
    return (
      <ShiftCard
        key={s.id}
        shift={s}
        t={t}
        locale={locale}
        zone={zone}
        color={role?.color ?? roleColors.none}
        roleTitle={role?.title}
        assigneeName={person ? person.displayName : t('schedule.openShift')}
        error={errors[s.id]}
        booked={booked.get(s.id)}
        onOpen={fromList ? openFromList : onOpen}
      />
    );
  };

  const openFromList = (s: Shift) => {
    setListed(null);
    onOpen(s);
  };
  const listedShifts = listed === null ? [] : (byDay[listed] ?? []);
  return (
    <>
      <StyledMonth data-testid="board-month">
        {days.slice(0, 7).map((d) => (
          <StyledWeekday key={`h${weekdayOf(d, zone)}`}>{formats.weekday.format(d)}</StyledWeekday>
        ))}
        {days.map((d, i) => {
          const list = byDay[i] ?? [];
          const key = dayKey(d, zone);
          return (
            <StyledDay key={key} $outside={formats.month.format(d) !== shownMonth} onDoubleClick={() => onCreate(d)} data-testid={`month-day-${key}`}>
              <span>{formats.day.format(d)}</span>
              {list.length > MONTH_CARDS_MAX ? (
                <StyledCounts type="button" onClick={() => setListed(i)} data-testid="month-counts" aria-label={t('schedule.month.showAll', { count: list.length, day: formats.long.format(d) })}>
                  <ul>
                    {roleCounts(list, roles).map(({ role, count }) => (
                      <li key={role?.id ?? 'none'} data-testid="month-role-count">
                        <i style={{ background: role?.color ?? roleColors.none }} aria-hidden />
                        {formatNumber(count, locale)} {role?.title ?? t('schedule.month.noRole')}
                      </li>
                    ))}
                  </ul>
                  <strong>{t('schedule.month.more', { count: list.length })}</strong>
                </StyledCounts>
              ) : (
                list.map((s) => card(s))
              )}
            </StyledDay>
          );
        })}
      </StyledMonth>
      {listed !== null ? (
        <Dialog title={formats.long.format(days[listed]!)} onClose={() => setListed(null)}>
          <StyledList data-testid="month-day-list">{listedShifts.map((s) => card(s, true))}</StyledList>
        </Dialog>
      ) : null}
    </>
  );
});
