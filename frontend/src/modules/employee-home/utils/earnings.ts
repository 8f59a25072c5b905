import type { Shift } from '@/modules/api/types';

/** Statuses that count towards estimated earnings: shifts the employee is expected to work. */
const PAID: Shift['status'][] = ['published', 'confirmed', 'dropped'];

/**
 * Estimated earnings of shifts: each shift's hours times the wage of its role. Hours are
 * summed exactly and shown whole.
 */
export function estimateEarnings(shifts: Shift[], wage: Record<string, number>): { hours: number; amount: number } {
  let minutes = 0;
  let amount = 0;
  for (const s of shifts) {
    if (!PAID.includes(s.status)) continue;
    const m = Math.max(0, (s.end - s.start) / 60_000);
    minutes += m;
    amount += (m / 60) * (s.role ? (wage[s.role] ?? 0) : 0);
  }
  return { hours: Math.round(minutes / 60), amount: Math.round(amount * 100) / 100 };
}

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
