import { TZDate } from '@date-fns/tz';
import type { AvailabilityWindow, ShiftRequest, TimeOffInput } from '@/modules/api/types';
import { weekPosition } from '@/modules/schedule/utils/weekStart';

/** The epoch ms of a local date (`YYYY-MM-DD`) and time (`HH:mm`) in `zone`. */
export function localInstant(date: string, time: string, zone: string): number {
  const [y, m, d] = date.split('-').map(Number);
  const [hh, mm] = time.split(':').map(Number);
  return new TZDate(y ?? 1970, (m ?? 1) - 1, d ?? 1, hh ?? 0, mm ?? 0, zone).getTime();
}

/** What the time-off form holds. */
export interface TimeOffForm {
  from: string;
  to: string;
  entireDay: boolean;
  startTime: string;
  endTime: string;
  description: string;
}

/**
 * The `requestTimeOff` fields of a form, in the store's zone: whole days send the first and
 * last day (the server spans them from the start of the first to the end of the last);
 * otherwise the start on the first day and the end on the last. `null` when the form is
 * incomplete or ends before it starts.
 */
export function timeOffPayload(form: TimeOffForm, zone: string): TimeOffInput | null {
  if (!form.from || !form.to) return null;
  const start = localInstant(form.from, form.entireDay ? '00:00' : form.startTime, zone);
  const end = localInstant(form.to, form.entireDay ? '00:00' : form.endTime, zone);
  if (Number.isNaN(start) || Number.isNaN(end)) return null;
  if (form.entireDay ? end < start : end <= start) return null;
  const description = form.description.trim();
  return { start, end, entireDay: form.entireDay, description: description || undefined };
}

/**
 * A request's dates as the reader reads them, in their language: its covering dates (local
 * dates of the store), first to last, as one date or a range.
 */
export function requestDates(r: ShiftRequest, locale: string | undefined): string {
  const dates = [...r.coveringDates].sort();
  const first = dates[0];
  const last = dates[dates.length - 1];
  if (!first || !last) return '';
  // Calendar dates, not instants: formatted at noon UTC so no zone moves them to another day.
  const at = (d: string) => Date.parse(`${d}T12:00:00Z`);
  const f = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
  return first === last ? f.format(at(first)) : f.formatRange(at(first), at(last));
}

/** Requests still waiting for an answer, oldest first. */
export function pendingRequests(list: ShiftRequest[]): ShiftRequest[] {
  return list.filter((r) => r.status === 'pending').sort((a, b) => a.timestamp - b.timestamp);
}

/**
 * Windows by their first weekday in the store's week (starting on `weekStart`, 0 = Sunday, as
 * the board's weeks do) and then by start time.
 */
export function sortWindows(list: AvailabilityWindow[], weekStart = 0): AvailabilityWindow[] {
  const first = (w: AvailabilityWindow) => Math.min(...w.days.map((d) => weekPosition(d, weekStart)));
  return [...list].sort((a, b) => first(a) - first(b) || a.start.localeCompare(b.start));
}

/** A window's weekdays in the order of the store's week. */
export function windowDays(w: AvailabilityWindow, weekStart = 0): number[] {
  return [...w.days].sort((a, b) => weekPosition(a, weekStart) - weekPosition(b, weekStart));
}
