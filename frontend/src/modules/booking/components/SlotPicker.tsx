import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { ApiClient } from '@/modules/api/client';
import { errorText } from '@/modules/api/errors';
import { PreviousIcon, NextIcon } from '@/modules/ui/components/DirectionIcon';
import { SelectField } from '@/modules/ui/components/Field';
import { Muted, Stack } from '@/modules/ui/components/Layout';
import { formatNumber } from '@/modules/ui/utils/format';
import { formatDate, slotTimes, visitorZone } from '../utils/slots';

const StyledMonth = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.spacing(2)};
  font-weight: 600;
`;

const StyledNavButton = styled.button`
  min-width: 40px;
  min-height: 40px;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius}px;
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.text};
  cursor: pointer;
  &:disabled { opacity: 0.4; cursor: default; }
`;

const StyledGrid = styled.div`
  display: grid;
  grid-template-columns: repeat(7, minmax(0, 1fr));
  gap: ${({ theme }) => theme.spacing(1)};
  text-align: center;
`;

const StyledWeekday = styled.span`
  font-size: 12px;
  color: ${({ theme }) => theme.color.textMuted};
  overflow: hidden;
`;

const StyledDay = styled.button<{ $chosen: boolean }>`
  min-height: 40px;
  border-radius: ${({ theme }) => theme.radius}px;
  border: 1px solid ${({ theme, $chosen }) => ($chosen ? theme.color.primary : theme.color.border)};
  background: ${({ theme, $chosen }) => ($chosen ? theme.color.primary : theme.color.surface)};
  color: ${({ theme, $chosen }) => ($chosen ? theme.color.onPrimary : theme.color.text)};
  font: inherit;
  font-weight: 600;
  cursor: pointer;
  &:disabled {
    background: transparent;
    border-color: transparent;
    color: ${({ theme }) => theme.color.textMuted};
    font-weight: 400;
    cursor: default;
  }
  &:focus-visible { outline: 2px solid ${({ theme }) => theme.color.primary}; outline-offset: 2px; }
`;

const StyledSlots = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 150px), 1fr));
  gap: ${({ theme }) => theme.spacing(2)};
`;

const StyledSlot = styled.button<{ $chosen: boolean }>`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: 2px;
  padding: ${({ theme }) => theme.spacing(2)} ${({ theme }) => theme.spacing(3)};
  border-radius: ${({ theme }) => theme.radius}px;
  border: 1px solid ${({ theme, $chosen }) => ($chosen ? theme.color.primary : theme.color.border)};
  background: ${({ theme, $chosen }) => ($chosen ? theme.color.primarySoft : theme.color.surface)};
  color: ${({ theme }) => theme.color.text};
  font: inherit;
  text-align: start;
  cursor: pointer;
  strong { font-size: 16px; }
  small { color: ${({ theme }) => theme.color.textMuted}; }
  &:disabled { opacity: 0.5; cursor: default; }
  &:focus-visible { outline: 2px solid ${({ theme }) => theme.color.primary}; outline-offset: 2px; }
`;

/** A slot of a day as `getReservationDetails` answers it. */
export interface Slot {
  start: number;
  end: number;
  free: number;
  employees?: { uid: string; displayName: string }[];
}

/** What a visitor has chosen: a date, a slot's start, and maybe an employee. */
export interface SlotChoice {
  date: string;
  start: number | null;
  employeeUid: string;
}

export const NO_CHOICE: SlotChoice = { date: '', start: null, employeeUid: '' };

export interface SlotPickerProps {
  api: ApiClient;
  eventURL: string;
  /** The dates the event runs on within its booking window, `YYYY-MM-DD`. */
  dates: string[];
  storeZone: string;
  /** The store's zone as people read it (its answer's text), when not `storeZone` itself. */
  zoneLabel?: string;
  allowEmployeeSelection: boolean;
  value: SlotChoice;
  onChange: (choice: SlotChoice) => void;
  /** A start to leave out (the reservation being moved). */
  current?: number | null;
}

/** The first weekday of a calendar row in the reader's language: Saturday in Persian, Monday in German and Spanish. */
function weekStartOf(language: string | undefined): number {
  if (language?.startsWith('fa')) return 6;
  if (language?.startsWith('en')) return 0;
  return 1;
}

/** `YYYY-MM` of a date. */
const monthOf = (date: string) => date.slice(0, 7);

/**
 * A date picker limited to the event's dates (a month's calendar, other days disabled), then
 * the chosen day's free slots in the store's zone, with the visitor's own times beside them
 * when their zone differs, and the employee choice when the event allows it.
 */
export function SlotPicker({ api, eventURL, dates, storeZone, zoneLabel, allowEmployeeSelection, value, onChange, current = null }: SlotPickerProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.resolvedLanguage;
  const months = useMemo(() => [...new Set(dates.map(monthOf))].sort(), [dates]);
  const [month, setMonth] = useState(() => monthOf(value.date || dates[0] || ''));
  const [slots, setSlots] = useState<Slot[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const visitor = visitorZone();
  const available = useMemo(() => new Set(dates), [dates]);

  useEffect(() => {
    if (!value.date) {
      setSlots(null);
      return;
    }
    let live = true;
    setSlots(null);
    setFailure(null);
    api
      .call('getReservationDetails', { eventURL, chosenDate: value.date })
      .then((answer) => live && setSlots(answer.slots))
      .catch((e: unknown) => {
        if (!live) return;
        setFailure(errorText(t, e));
        setSlots([]);
      });
    return () => {
      live = false;
    };
  }, [api, eventURL, value.date, t]);

  const monthIndex = months.indexOf(month);
  const [year, monthNumber] = month.split('-').map(Number);
  const first = Date.UTC(year ?? 1970, (monthNumber ?? 1) - 1, 1);
  const daysInMonth = new Date(Date.UTC(year ?? 1970, monthNumber ?? 1, 0)).getUTCDate();
  const weekStart = weekStartOf(locale);
  const lead = (new Date(first).getUTCDay() - weekStart + 7) % 7;
  const weekdayFormat = new Intl.DateTimeFormat(locale, { weekday: 'narrow', timeZone: 'UTC' });
  const weekdayLong = new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' });
  // The grid's months are Gregorian (the event's dates are), so is its title in every language.
  const monthName = Number.isFinite(first) ? new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', calendar: 'gregory', timeZone: 'UTC' }).format(first) : '';
  const dayNumber = new Intl.NumberFormat(locale, { useGrouping: false });
  const dayLabel = (date: string) => formatDate(date, locale, 'long', true);
  const shownSlots = (slots ?? []).filter((s) => s.start !== current);
  const chosen = shownSlots.find((s) => s.start === value.start) ?? null;

  if (dates.length === 0) return <Muted data-testid="no-dates">{t('booking.public.noDates')}</Muted>;
  return (
    <Stack $gap={4}>
      <Stack $gap={2} role="group" aria-label={t('booking.public.chooseDate')} data-testid="date-picker">
        <StyledMonth>
          <StyledNavButton type="button" onClick={() => setMonth(months[monthIndex - 1] ?? month)} disabled={monthIndex <= 0} aria-label={t('booking.public.previousMonth')}>
            <PreviousIcon />
          </StyledNavButton>
          <span aria-live="polite">{monthName}</span>
          <StyledNavButton type="button" onClick={() => setMonth(months[monthIndex + 1] ?? month)} disabled={monthIndex < 0 || monthIndex >= months.length - 1} aria-label={t('booking.public.nextMonth')}>
            <NextIcon />
          </StyledNavButton>
        </StyledMonth>
        <StyledGrid>
          {Array.from({ length: 7 }, (_, n) => {
            // 2023-01-01 was a Sunday.
            const day = Date.UTC(2023, 0, 1 + ((weekStart + n) % 7));
            return (
              <StyledWeekday key={n} title={weekdayLong.format(day)} aria-hidden>
                {weekdayFormat.format(day)}
              </StyledWeekday>
            );
          })}
          {Array.from({ length: lead }, (_, n) => (
            <span key={`lead-${n}`} />
          ))}
          {Array.from({ length: daysInMonth }, (_, n) => {
            const date = `${month}-${String(n + 1).padStart(2, '0')}`;
            const open = available.has(date);
            return (
              <StyledDay
                key={date}
                type="button"
                $chosen={value.date === date}
                disabled={!open}
                aria-pressed={open ? value.date === date : undefined}
                aria-label={dayLabel(date)}
                onClick={() => onChange({ date, start: null, employeeUid: '' })}
                data-date={date}
              >
                {dayNumber.format(n + 1)}
              </StyledDay>
            );
          })}
        </StyledGrid>
      </Stack>
      {value.date ? (
        <Stack $gap={2} role="group" aria-label={t('booking.public.chooseTime', { date: dayLabel(value.date) })} data-testid="slots">
          <strong>{dayLabel(value.date)}</strong>
          {visitor !== storeZone ? <Muted>{t('booking.public.zoneNote', { zone: zoneLabel ?? storeZone, own: visitor })}</Muted> : null}
          {slots === null ? <Muted role="status">{t('common.loading')}</Muted> : null}
          {failure ? <Muted role="alert">{failure}</Muted> : null}
          {slots && shownSlots.length === 0 && !failure ? <Muted>{t('booking.public.noSlots')}</Muted> : null}
          <StyledSlots>
            {shownSlots.map((s) => {
              const times = slotTimes(s.start, s.end, storeZone, visitor, locale);
              const full = s.free <= 0;
              return (
                <StyledSlot
                  key={s.start}
                  type="button"
                  $chosen={value.start === s.start}
                  aria-pressed={value.start === s.start}
                  disabled={full}
                  onClick={() => onChange({ ...value, start: s.start, employeeUid: '' })}
                  data-testid="slot"
                >
                  <strong>{times.store}</strong>
                  {times.visitor ? <small>{t('booking.public.yourTime', { time: times.visitor })}</small> : null}
                  <small>{full ? t('booking.public.full') : t('booking.public.free', { count: s.free, n: formatNumber(s.free, locale) })}</small>
                </StyledSlot>
              );
            })}
          </StyledSlots>
        </Stack>
      ) : (
        <Muted>{t('booking.public.pickDateFirst')}</Muted>
      )}
      {allowEmployeeSelection && chosen && (chosen.employees?.length ?? 0) > 0 ? (
        <SelectField
          label={t('booking.public.employee')}
          value={value.employeeUid}
          onChange={(e) => onChange({ ...value, employeeUid: e.target.value })}
          options={[{ value: '', label: t('booking.public.anyEmployee') }, ...(chosen.employees ?? []).map((e) => ({ value: e.uid, label: e.displayName }))]}
          data-testid="slot-employee"
        />
      ) : null}
    </Stack>
  );
}
