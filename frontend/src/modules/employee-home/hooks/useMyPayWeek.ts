import type { Timesheet } from '@/modules/clock/utils/clock';
import { useLiveResource } from '@/modules/realtime/hooks/useLiveResource';

/** The caller's line of the current pay period's timesheet, as the server counts pay. */
export type PayWeek = Timesheet['lines'][number];

/**
 * The employee's pay week, read from the server's timesheet (the one place pay is counted):
 * hours and pay so far, and what the announced shifts still to come add (the estimate). It is
 * read again when shifts or the clock change.
 */
export function useMyPayWeek(storeId: string | null, employeeId: string | undefined): PayWeek | null {
  const { data } = useLiveResource<Timesheet>(storeId ? `/stores/${storeId}/timesheets` : null, ['clock.', 'timesheet.', 'shift.']);
  return data?.lines.find((l) => l.employee === employeeId) ?? null;
}
