import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { Employee, Role, Shift } from '@/modules/api/types';
import { dayKey, weekdayOf } from '../utils/calendar';
import { ShiftCard } from './ShiftCard';

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

export interface MonthGridProps {
  days: number[];
  month: number;
  shifts: Shift[];
  zone: string;
  roles: Role[];
  employees: Employee[];
  errors: Record<string, string>;
  onOpen: (shift: Shift) => void;
  onCreate: (day: number) => void;
}

/** The month view: whole weeks, each day listing its shifts with their assignees. */
export function MonthGrid({ days, month, shifts, zone, roles, employees, errors, onOpen, onCreate }: MonthGridProps) {
  const { t, i18n } = useTranslation();
  const roleById = new Map(roles.map((r) => [r.id, r]));
  const byId = new Map(employees.map((e) => [e.id, e]));
  const byDay = new Map<string, Shift[]>();
  for (const s of shifts) {
    const key = dayKey(s.start, zone);
    byDay.set(key, [...(byDay.get(key) ?? []), s]);
  }
  const weekday = new Intl.DateTimeFormat(i18n.resolvedLanguage, { weekday: 'short', timeZone: zone });
  const monthOf = (d: number) => new Intl.DateTimeFormat('en', { month: 'numeric', timeZone: zone }).format(d);
  // The grid's months are Gregorian, so are its day numbers, in the reader's digits.
  const dayNumber = new Intl.DateTimeFormat(i18n.resolvedLanguage, { day: 'numeric', calendar: 'gregory', timeZone: zone });
  return (
    <StyledMonth data-testid="board-month">
      {days.slice(0, 7).map((d) => (
        <StyledWeekday key={`h${weekdayOf(d, zone)}`}>{weekday.format(d)}</StyledWeekday>
      ))}
      {days.map((d) => {
        const key = dayKey(d, zone);
        return (
          <StyledDay key={key} $outside={monthOf(d) !== monthOf(month)} onDoubleClick={() => onCreate(d)}>
            <span>{dayNumber.format(d)}</span>
            {(byDay.get(key) ?? []).map((s) => {
              const role = s.role ? roleById.get(s.role) : undefined;
              const person = s.assigned ? byId.get(s.assigned) : undefined;
              return (
                <ShiftCard
                  key={s.id}
                  shift={s}
                  zone={zone}
                  color={role?.color ?? '#8b949e'}
                  roleTitle={role?.title}
                  assigneeName={person ? person.displayName : t('schedule.openShift')}
                  error={errors[s.id]}
                  onOpen={onOpen}
                />
              );
            })}
          </StyledDay>
        );
      })}
    </StyledMonth>
  );
}
