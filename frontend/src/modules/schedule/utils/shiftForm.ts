import type { Shift } from '@/modules/api/types';
import { atClock, clockTime, dayStart, overnightEnd } from './calendar';

/** A shift as the dialog edits it: a day and clock times in the store's zone. */
export interface ShiftDraft {
  title: string;
  role: string;
  /** Employee record id, `''` for an open shift. */
  assigned: string;
  /** Local midnight of the shift's day. */
  day: number;
  start: string;
  end: string;
  /** Local midnights of further days to repeat the shift on (new shifts only). */
  repeat: number[];
  oe: boolean;
}

/** The draft of an existing shift. */
export function draftOfShift(shift: Shift, zone: string): ShiftDraft {
  return {
    title: shift.title,
    role: shift.role ?? '',
    assigned: shift.assigned ?? '',
    day: dayStart(shift.start, zone),
    start: clockTime(shift.start, zone),
    end: clockTime(shift.end, zone),
    repeat: [],
    oe: shift.oe,
  };
}

/** Start and end instants of a draft; an end before the start is on the next day. */
export function instantsOf(draft: ShiftDraft, zone: string): { start: number; end: number } {
  const start = atClock(draft.day, draft.start, zone);
  const end = overnightEnd(start, atClock(draft.day, draft.end, zone), zone);
  return { start, end };
}

/**
 * The `repeat` list of `createShift`: every start time, the shift's own day first, when
 * further days are chosen; empty for a single shift. The server makes one shift per entry.
 */
export function repeatStarts(draft: ShiftDraft, zone: string): number[] {
  const others = draft.repeat.filter((d) => d !== draft.day);
  if (others.length === 0) return [];
  return [draft.day, ...others.sort((a, b) => a - b)].map((d) => atClock(d, draft.start, zone));
}

/** Catalogue keys of what is wrong with a draft. */
export function draftErrors(draft: ShiftDraft): Partial<Record<'title' | 'role' | 'start' | 'end', string>> {
  const errors: Partial<Record<'title' | 'role' | 'start' | 'end', string>> = {};
  if (!draft.title.trim()) errors.title = 'validation.required';
  if (!draft.role) errors.role = 'validation.required';
  if (!/^\d\d:\d\d$/.test(draft.start)) errors.start = 'validation.required';
  if (!/^\d\d:\d\d$/.test(draft.end)) errors.end = 'validation.required';
  else if (draft.end === draft.start) errors.end = 'validation.endAfterStart';
  return errors;
}

/**
 * Where a dragged shift lands: the same start and end clock times on the target day, for the
 * target row. Its real length follows the clocks: a 22:00-06:00 shift moved onto the night the
 * clocks spring forward lasts 7 hours, not 8 ending at 07:00.
 */
export function movedShift(
  shift: Shift,
  targetDay: number,
  targetAssignee: string | null,
  zone: string,
): { start: number; end: number; assigned: string | null } {
  const start = atClock(targetDay, clockTime(shift.start, zone), zone);
  if (shift.oe || shift.end <= shift.start) return { start, end: start + (shift.end - shift.start), assigned: targetAssignee };
  const end = overnightEnd(start, atClock(targetDay, clockTime(shift.end, zone), zone), zone);
  return { start, end, assigned: targetAssignee };
}

/** The catalogue key of a shift-creation error type (`details.type` 0-4). */
export function creationErrorKey(details: unknown): string | null {
  const type = (details as { type?: number } | null | undefined)?.type;
  return typeof type === 'number' && type >= 0 && type <= 4 ? `schedule.errorType.${type}` : null;
}

/** A part of a shift the dialog edits. */
export type DraftField = 'title' | 'role' | 'assigned' | 'time' | 'oe';

/**
 * What differs between the version a dialog was opened on and the one the store holds now
 * (another manager saved meanwhile), as the dialog's fields.
 */
export function changedFields(base: Shift, now: Shift, zone: string): DraftField[] {
  const a = draftOfShift(base, zone);
  const b = draftOfShift(now, zone);
  const out: DraftField[] = [];
  if (a.title !== b.title) out.push('title');
  if (a.role !== b.role) out.push('role');
  if (a.assigned !== b.assigned) out.push('assigned');
  if (a.day !== b.day || a.start !== b.start || a.end !== b.end) out.push('time');
  if (a.oe !== b.oe) out.push('oe');
  return out;
}

/**
 * A draft moved onto a newer version of its shift: the fields this manager changed keep their
 * values, the others take the newer version's (another manager's end time survives this one's
 * new title).
 */
export function rebaseDraft(draft: ShiftDraft, base: Shift, now: Shift, zone: string): ShiftDraft {
  const before = draftOfShift(base, zone);
  const theirs = draftOfShift(now, zone);
  const timeMine = draft.day !== before.day || draft.start !== before.start || draft.end !== before.end;
  return {
    ...draft,
    title: draft.title !== before.title ? draft.title : theirs.title,
    role: draft.role !== before.role ? draft.role : theirs.role,
    assigned: draft.assigned !== before.assigned ? draft.assigned : theirs.assigned,
    day: timeMine ? draft.day : theirs.day,
    start: timeMine ? draft.start : theirs.start,
    end: timeMine ? draft.end : theirs.end,
    oe: draft.oe !== before.oe ? draft.oe : theirs.oe,
  };
}
