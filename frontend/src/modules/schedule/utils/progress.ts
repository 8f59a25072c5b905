import type { Shift } from '@/modules/api/types';

/** The clock's grace before an unstarted shift shows its assignee as late (as the server's). */
const LATE_AFTER_MS = 5 * 60_000;

/** An announced, assigned shift not started 5 minutes after its start, and not over. */
export function isLate(shift: Pick<Shift, 'progress' | 'status' | 'assigned' | 'start' | 'end'>, now: number): boolean {
  return (
    shift.progress === 'ns' &&
    !!shift.assigned &&
    ['published', 'confirmed', 'dropped'].includes(shift.status) &&
    now - shift.start >= LATE_AFTER_MS &&
    now < shift.end
  );
}
