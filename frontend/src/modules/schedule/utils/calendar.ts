import { tz, TZDate } from '@date-fns/tz';
import {
  addDays,
  addMonths,
  endOfMonth,
  format,
  startOfDay,
  startOfMonth,
  startOfWeek,
  type Day,
} from 'date-fns';

/** The board's views: one day, five days, a week, a month. */
export const SCHEDULE_VIEWS = ['day', 'five', 'week', 'month'] as const;
export type ScheduleView = (typeof SCHEDULE_VIEWS)[number];

/** The days a view shows, as instants of each day's local midnight in the store's zone. */
export interface ViewRange {
  /** First instant shown (local midnight of the first day). */
  start: number;
  /** Last instant shown (23:59:59.999 of the last day). */
  end: number;
  /** Local midnight of every day shown. */
  days: number[];
}

function weekDay(n: number): Day {
  return (((n % 7) + 7) % 7) as Day;
}

/** Local midnight of the day holding `at`, in `zone`. */
export function dayStart(at: number, zone: string): number {
  return startOfDay(new TZDate(at, zone)).getTime();
}

/** `yyyy-MM-dd` of the day holding `at`, in `zone`: the key shifts are grouped by. */
export function dayKey(at: number, zone: string): string {
  return format(new TZDate(at, zone), 'yyyy-MM-dd');
}

/** `HH:mm` of `at` in `zone`. */
export function clockTime(at: number, zone: string): string {
  return format(new TZDate(at, zone), 'HH:mm');
}

/** Weekday of `at` in `zone`, 0 = Sunday. */
export function weekdayOf(at: number, zone: string): number {
  return new TZDate(at, zone).getDay();
}

/**
 * The instant of local time `hhmm` on the day starting at `day` in `zone`. Daylight-saving
 * days are handled by the zone rules, not by adding hours to midnight.
 */
export function atClock(day: number, hhmm: string, zone: string): number {
  const [h = 0, m = 0] = hhmm.split(':').map(Number);
  const d = new TZDate(day, zone);
  return new TZDate(d.getFullYear(), d.getMonth(), d.getDate(), h, m, 0, 0, zone).getTime();
}

/** The same local time `n` days later (or earlier), in `zone`. */
export function moveDays(at: number, n: number, zone: string): number {
  return addDays(new TZDate(at, zone), n).getTime();
}

/**
 * The days of `view` around `anchor` in the store's `zone`. Weeks start on `weekStart`
 * (0 = Sunday, the default); a month view covers whole weeks from the month's first to its
 * last day.
 */
export function viewRange(view: ScheduleView, anchor: number, zone: string, weekStart = 0): ViewRange {
  const inZone = { in: tz(zone) };
  const weekStartsOn = weekDay(weekStart);
  let first: Date;
  let count: number;
  switch (view) {
    case 'day':
      first = startOfDay(anchor, inZone);
      count = 1;
      break;
    case 'five':
      first = startOfDay(anchor, inZone);
      count = 5;
      break;
    case 'week':
      first = startOfWeek(anchor, { ...inZone, weekStartsOn });
      count = 7;
      break;
    case 'month': {
      first = startOfWeek(startOfMonth(anchor, inZone), { ...inZone, weekStartsOn });
      const last = endOfMonth(anchor, inZone);
      count = 0;
      for (let d = first; d.getTime() <= last.getTime(); d = addDays(d, 7)) count += 7;
      break;
    }
  }
  const days = Array.from({ length: count }, (_, i) => addDays(first, i).getTime());
  const end = addDays(first, count).getTime() - 1;
  return { start: days[0] ?? first.getTime(), end, days };
}

/** The anchor one step forward (`dir` 1) or back (-1): a day, five days, a week or a month. */
export function stepAnchor(view: ScheduleView, anchor: number, dir: 1 | -1, zone: string): number {
  const d = new TZDate(anchor, zone);
  switch (view) {
    case 'day':
      return addDays(d, dir).getTime();
    case 'five':
      return addDays(d, 5 * dir).getTime();
    case 'week':
      return addDays(d, 7 * dir).getTime();
    case 'month':
      return addMonths(d, dir).getTime();
  }
}

/** Whole minutes between two instants. */
export function minutesBetween(start: number, end: number): number {
  return Math.round((end - start) / 60_000);
}

/** The end of a shift entered as clock times: an end before the start runs into the next day. */
export function overnightEnd(start: number, end: number, zone: string): number {
  return end <= start ? moveDays(end, 1, zone) : end;
}
