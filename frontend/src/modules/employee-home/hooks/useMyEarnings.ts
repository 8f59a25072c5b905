import type { components } from '@/modules/api/schema';
import { useLiveResource } from '@/modules/realtime/hooks/useLiveResource';

/** The caller's worked and estimated hours and pay of a range, as the server counts pay. */
export type Earnings = components['schemas']['Earnings'];

/**
 * The employee's estimated earnings of `[from, to)`, read from the server (the one place pay
 * is counted: overtime and weekly wages as on the timesheet). Read again when shifts or the
 * clock change.
 */
export function useMyEarnings(storeId: string | null, from: number, to: number): Earnings | null {
  const { data } = useLiveResource<Earnings>(storeId ? `/stores/${storeId}/earnings` : null, ['clock.', 'timesheet.', 'shift.'], {
    query: { start: from, end: to },
  });
  return data ?? null;
}
