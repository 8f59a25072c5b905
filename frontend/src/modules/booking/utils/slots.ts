import { formatTimeRange } from '@/modules/ui/utils/format';
import { dateStart } from './eventForm';

/** A slot's times as the public page shows them: in the store's zone, and in the visitor's when it differs. */
export interface SlotTimes {
  /** `09:00–09:30` in the store's zone. */
  store: string;
  /** The same times in the visitor's zone, with the day when it is another; null when both zones read the same. */
  visitor: string | null;
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** `yyyy-MM-dd` of `at` in `zone` (a calendar key, not shown). */
function dayOf(at: number, zone: string): string {
  let f = dayFormats.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: zone });
    dayFormats.set(zone, f);
  }
  return f.format(at);
}

/**
 * A slot's times in the store's zone and, when the visitor's zone shows them otherwise, in
 * the visitor's (with the weekday when the visitor's day is another one).
 */
export function slotTimes(start: number, end: number, storeZone: string, visitorZone: string, locale: string | undefined): SlotTimes {
  const store = formatTimeRange(start, end, storeZone, locale);
  const visitor = formatTimeRange(start, end, visitorZone, locale);
  if (visitor === store && dayOf(start, visitorZone) === dayOf(start, storeZone)) return { store, visitor: null };
  if (dayOf(start, visitorZone) === dayOf(start, storeZone)) return { store, visitor };
  const weekday = new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: visitorZone }).format(start);
  return { store, visitor: `${weekday} ${visitor}` };
}

/** The visitor's own time zone (the browser's), UTC when it has none. */
export function visitorZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/**
 * `Tuesday, 3 June 2025` of a `YYYY-MM-DD` calendar date, in the reader's language and calendar
 * (`gregory` forces the Gregorian one: a day of a Gregorian month grid).
 */
export function formatDate(date: string, locale: string | undefined, style: 'long' | 'short' = 'long', gregory = false): string {
  const at = dateStart(date, 'UTC');
  if (at === null) return date;
  const options: Intl.DateTimeFormatOptions =
    style === 'long'
      ? { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }
      : { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' };
  if (gregory) options.calendar = 'gregory';
  return new Intl.DateTimeFormat(locale, options).format(at);
}

/** `Tue, 3 Jun, 09:00–09:30` of a session, in `zone`. */
export function formatSession(start: number, end: number, zone: string, locale: string | undefined): string {
  const day = new Intl.DateTimeFormat(locale, { weekday: 'short', day: 'numeric', month: 'short', timeZone: zone }).format(start);
  return `${day}, ${formatTimeRange(start, end, zone, locale)}`;
}

/** A duration in minutes, in the reader's language (`30 min`). */
export function formatMinutes(minutes: number, locale: string | undefined): string {
  try {
    return new Intl.NumberFormat(locale, { style: 'unit', unit: 'minute', unitDisplay: 'short' }).format(minutes);
  } catch {
    return `${minutes} min`;
  }
}

/** The last part of a link (`…/reservation/confirm/{token}` -> `{token}`). */
export function tokenOf(link: string): string {
  const path = link.split(/[?#]/)[0] ?? link;
  return path.split('/').filter(Boolean).pop() ?? '';
}

/** Whole seconds left until `until`, never below zero. */
export function secondsLeft(until: number, now: number): number {
  return Math.max(0, Math.ceil((until - now) / 1000));
}

/** `4:59` of a count of seconds, in the reader's digits. */
export function formatCountdown(seconds: number, locale: string | undefined): string {
  const two = new Intl.NumberFormat(locale, { minimumIntegerDigits: 2, useGrouping: false });
  const one = new Intl.NumberFormat(locale, { useGrouping: false });
  return `${one.format(Math.floor(seconds / 60))}:${two.format(seconds % 60)}`;
}
