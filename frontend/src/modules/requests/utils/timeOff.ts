import { TZDate } from '@date-fns/tz';
import type { AvailabilityWindow, ShiftRequest, TimeOffInput } from '@/modules/api/types';

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

/** A request's dates as the employee reads them: its covering dates, first to last. */
export function requestDates(r: ShiftRequest): string {
  const dates = [...r.coveringDates].sort();
  if (dates.length === 0) return '';
  return dates.length === 1 ? dates[0]! : `${dates[0]} – ${dates[dates.length - 1]}`;
}

/** Requests still waiting for an answer, oldest first. */
export function pendingRequests(list: ShiftRequest[]): ShiftRequest[] {
  return list.filter((r) => r.status === 'pending').sort((a, b) => a.timestamp - b.timestamp);
}

/** Windows by first weekday (Monday first) and start time. */
export function sortWindows(list: AvailabilityWindow[]): AvailabilityWindow[] {
  const first = (w: AvailabilityWindow) => Math.min(...w.days.map((d) => (d + 6) % 7));
  return [...list].sort((a, b) => first(a) - first(b) || a.start.localeCompare(b.start));
}

/** Weekdays Monday first, as the API numbers them (0 = Sunday). */
export const WEEK = [1, 2, 3, 4, 5, 6, 0] as const;
