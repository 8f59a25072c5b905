import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { Role } from '@/modules/api/types';
import { formatNumber, formatTimeRange } from '@/modules/ui/utils/format';
import type { RepeatPattern } from '@/modules/api/types';
import { formatDate, formatMinutes } from '../utils/slots';
import { dayKey } from '@/modules/schedule/utils/calendar';

const StyledList = styled.dl`
  display: grid;
  grid-template-columns: max-content minmax(0, 1fr);
  gap: ${({ theme }) => theme.spacing(1)} ${({ theme }) => theme.spacing(3)};
  margin: 0;
  font-size: 14px;
  dt { color: ${({ theme }) => theme.color.textMuted}; }
  dd { margin: 0; overflow-wrap: anywhere; }
`;

/** What an event summary shows: an event's fields or the form's payload. */
export interface SummarisedEvent {
  title?: string;
  role?: string | null;
  start: number;
  end: number;
  repeatPattern?: RepeatPattern | null;
  sessionDuration: number;
  capacity?: number | null;
  maxRoomsPerSession?: number | null;
  reservationWindowStart?: number | null;
  reservationWindowEnd?: number | null;
  allowEmployeeSelection?: boolean | null;
  url?: string | null;
}

export interface EventSummaryProps {
  event: SummarisedEvent;
  roles: Role[];
  zone: string;
  /** Shows the title too (the confirm step). */
  withTitle?: boolean;
}

/** The weekday names of numbers 0 (Sunday) to 6, short, in the reader's language. */
export function weekdayNames(locale: string | undefined, style: 'short' | 'long' = 'short'): string[] {
  const f = new Intl.DateTimeFormat(locale, { weekday: style, timeZone: 'UTC' });
  // 2023-01-01 was a Sunday.
  return Array.from({ length: 7 }, (_, n) => f.format(Date.UTC(2023, 0, 1 + n)));
}

/** How an event repeats, in a sentence of the reader's language. */
export function useRepeatText() {
  const { t, i18n } = useTranslation();
  const locale = i18n.resolvedLanguage;
  return (repeat: RepeatPattern | null | undefined): string => {
    if (!repeat) return t('booking.repeat.once');
    const parts = [t(`booking.repeat.every.${repeat.frequency}`, { count: repeat.interval })];
    if (repeat.weekdays.length > 0) {
      const names = weekdayNames(locale);
      const list = new Intl.ListFormat(locale, { type: 'conjunction', style: 'short' }).format(repeat.weekdays.map((d) => names[d] ?? ''));
      parts.push(t('booking.repeat.onDays', { days: list }));
    }
    if (repeat.until) parts.push(t('booking.repeat.until', { date: formatDate(repeat.until, locale) }));
    if (repeat.count) parts.push(t('booking.repeat.times', { count: repeat.count }));
    return parts.join(t('booking.repeat.separator'));
  };
}

/** An event's times, repeat, duration, capacity, rooms, booking window and address. */
export function EventSummary({ event, roles, zone, withTitle = false }: EventSummaryProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.resolvedLanguage;
  const repeatText = useRepeatText();
  const role = roles.find((r) => r.id === event.role);
  const opens = event.reservationWindowStart ?? 43200;
  const closes = event.reservationWindowEnd ?? 0;
  return (
    <StyledList>
      {withTitle ? (
        <>
          <dt>{t('booking.fields.title')}</dt>
          <dd>{event.title}</dd>
        </>
      ) : null}
      <dt>{t('booking.fields.role')}</dt>
      <dd>{role?.title ?? t('booking.events.noRole')}</dd>
      <dt>{t('booking.fields.firstDay')}</dt>
      <dd>{formatDate(dayKey(event.start, zone), locale)}</dd>
      <dt>{t('booking.fields.hours')}</dt>
      <dd>{formatTimeRange(event.start, event.end, zone, locale)}</dd>
      <dt>{t('booking.fields.repeat')}</dt>
      <dd>{repeatText(event.repeatPattern)}</dd>
      <dt>{t('booking.fields.duration')}</dt>
      <dd>{formatMinutes(event.sessionDuration, locale)}</dd>
      <dt>{t('booking.fields.capacity')}</dt>
      <dd>{formatNumber(event.capacity ?? 1, locale)}</dd>
      <dt>{t('booking.fields.rooms')}</dt>
      <dd>{formatNumber(event.maxRoomsPerSession ?? 1, locale)}</dd>
      <dt>{t('booking.fields.window')}</dt>
      <dd>
        {t('booking.events.windowText', {
          days: formatNumber(Math.round(opens / 1440), locale),
          before: formatMinutes(closes, locale),
        })}
      </dd>
      <dt>{t('booking.fields.employeeChoice')}</dt>
      <dd>{event.allowEmployeeSelection ? t('booking.events.yes') : t('booking.events.no')}</dd>
      {event.url ? (
        <>
          <dt>{t('booking.fields.url')}</dt>
          <dd dir="ltr">/book/{event.url}</dd>
        </>
      ) : null}
    </StyledList>
  );
}
