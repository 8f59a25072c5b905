import { readPath } from '@/modules/api/client';
import type { StoreCalendar } from '@/modules/api/earlyReads';
import { viewRange } from './calendar';

/** Whose shifts to read: all (managers) or the user's own. */
export type ShiftScope = 'all' | 'mine';

/** The read of a store's shifts in `[start, end]`: its path and query, as `ApiClient.get` takes them. */
export function shiftsRead(storeId: string, start: number, end: number, scope: ShiftScope): [string, Record<string, string | number>] {
  return [`/stores/${storeId}/shifts`, { start, end, scope }];
}

/**
 * What the board reads as it opens, from the store's calendar: everyone's shifts of the week
 * around `now` (the board's first view; a view chosen on an earlier visit follows).
 */
export function boardFirstReads({ id, timezoneReference, weekStart }: StoreCalendar, now = Date.now()): string[] {
  const range = viewRange('week', now, timezoneReference, weekStart);
  return [readPath(...shiftsRead(id, range.start, range.end, 'all'))];
}
