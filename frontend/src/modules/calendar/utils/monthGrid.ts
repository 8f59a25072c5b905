import type { Shift } from '@/modules/api/types';
import { dayKey, viewRange } from '@/modules/schedule/utils/calendar';

/** How the employee's calendar shows its period: a month of weeks, or one week. */
export const CALENDAR_VIEWS = ['month', 'week'] as const;
export type CalendarView = (typeof CALENDAR_VIEWS)[number];

/** A day cell of the calendar. */
export interface CalendarDay {
  /** Local midnight of the day in the store's zone. */
  start: number;
  /** `yyyy-MM-dd` in the store's zone. */
  key: string;
  /** Whether the day belongs to the month shown (weeks spill into the months around it). */
  inMonth: boolean;
  /** Whether it is today in the store's zone. */
  today: boolean;
}

/** The calendar's grid: whole weeks of day cells, and the instants they cover. */
export interface CalendarGrid {
  weeks: CalendarDay[][];
  start: number;
  end: number;
}

/**
 * The weeks of `view` around `anchor` in the store's `zone`, each starting on `weekStart`
 * (0 = Sunday): for a month, every week holding one of its days; for a week, the one holding
 * `anchor`. `now` marks today.
 */
export function calendarGrid(view: CalendarView, anchor: number, zone: string, weekStart: number, now: number): CalendarGrid {
  const range = viewRange(view, anchor, zone, weekStart);
  const month = dayKey(anchor, zone).slice(0, 7);
  const today = dayKey(now, zone);
  const days = range.days.map((start) => {
    const key = dayKey(start, zone);
    return { start, key, inMonth: view === 'week' || key.startsWith(month), today: key === today };
  });
  const weeks: CalendarDay[][] = [];
  for (let i = 0; i < days.length; i += 7) weeks.push(days.slice(i, i + 7));
  return { weeks, start: range.start, end: range.end };
}

/** Shifts by the local day they start on (`yyyy-MM-dd` in `zone`), each day's sorted by start. */
export function shiftsByDay(shifts: Shift[], zone: string): Map<string, Shift[]> {
  const map = new Map<string, Shift[]>();
  for (const s of [...shifts].sort((a, b) => a.start - b.start)) {
    const key = dayKey(s.start, zone);
    const list = map.get(key);
    if (list) list.push(s);
    else map.set(key, [s]);
  }
  return map;
}
