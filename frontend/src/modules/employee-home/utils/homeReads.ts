import { readPath } from '@/modules/api/client';
import type { StoreCalendar } from '@/modules/api/earlyReads';
import { dayStart, moveDays } from '@/modules/schedule/utils/calendar';
import { shiftsRead } from '@/modules/schedule/utils/shiftReads';

/** How far ahead the home lists shifts. */
export const DAYS_AHEAD = 14;

/** The days the home lists: from the start of today in the store's `zone`, `DAYS_AHEAD` days on. */
export function homeRange(now: number, zone: string): { from: number; to: number } {
  const from = dayStart(now, zone);
  return { from, to: moveDays(from, DAYS_AHEAD, zone) - 1 };
}

/** What the home reads as it opens, from the store's calendar: the user's shifts ahead and the clock. */
export function homeFirstReads({ id, timezoneReference }: StoreCalendar, now = Date.now()): string[] {
  const { from, to } = homeRange(now, timezoneReference);
  return [readPath(...shiftsRead(id, from, to, 'mine')), `/stores/${id}/clock`];
}
