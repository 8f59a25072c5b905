import { readPath } from '@/modules/api/client';
import type { StoreDetail } from '@/modules/api/types';
import { viewRange } from './calendar';

/** Whose shifts to read: all (managers) or the user's own. */
export type ShiftScope = 'all' | 'mine';

/** The read of a store's shifts in `[start, end]`: its path and query, as `ApiClient.get` takes them. */
export function shiftsRead(storeId: string, start: number, end: number, scope: ShiftScope): [string, Record<string, string | number>] {
  return [`/stores/${storeId}/shifts`, { start, end, scope }];
}

/**
 * What the board reads as it opens, from the store's detail: everyone's shifts of the week
 * around `now` (the board's first view; a view chosen on an earlier visit follows).
 */
export function boardFirstReads(detail: StoreDetail, now = Date.now()): string[] {
  const { id, timezoneReference, weekStart } = detail.store;
  const range = viewRange('week', now, timezoneReference, weekStart);
  return [readPath(...shiftsRead(id, range.start, range.end, 'all'))];
}
