import type { Shift } from '@/modules/api/types';

/** Published shifts of the employee not seen yet: what the badge counts. */
export function newPublished(shifts: Shift[], employeeId: string, seen: string[]): Shift[] {
  const known = new Set(seen);
  return shifts.filter((s) => s.assigned === employeeId && s.status === 'published' && !known.has(s.id));
}

/** Whether the employee can still answer a shift: published to them and not started. */
export function canRespond(shift: Shift, employeeId: string, now: number): boolean {
  return shift.assigned === employeeId && shift.status === 'published' && shift.start > now;
}

/** A shift can be offered to the pool up to this long before it starts. */
export const DROP_CUTOFF_MS = 3_600_000;

/**
 * Whether the employee may drop the shift into the pool: announced, theirs, an hour ahead, and
 * of a role whose swap switch is on (`swappable` false hides the action).
 */
export function canDrop(shift: Shift, employeeId: string, now: number, swappable = true): boolean {
  return (
    swappable &&
    shift.assigned === employeeId &&
    (shift.status === 'published' || shift.status === 'confirmed') &&
    shift.start - now >= DROP_CUTOFF_MS
  );
}
