import type { Shift } from '@/modules/api/types';

/** A shift's fields as they were before a change, as the undo call puts them back. */
export interface ShiftBefore {
  title: string;
  start: number;
  end: number;
  role: string | null;
  assigned: string | null;
  oe: boolean;
  tasks: Shift['tasks'];
}

/**
 * One shift's change to take back. `version` is the version the change left the shift at: the
 * server refuses the step when the shift has another one (someone changed it since).
 */
export type UndoChange =
  | { kind: 'created'; shiftId: string; version: number }
  | { kind: 'edited'; shiftId: string; version: number; before: ShiftBefore }
  | { kind: 'deleted'; shiftId: string; before: ShiftBefore }
  | { kind: 'cancelled'; shiftId: string; version: number };

/** What the manager did, for the button's label. */
export type UndoAction = 'create' | 'edit' | 'move' | 'delete' | 'batchDelete' | 'batchOpen';

/** One undo step: one action of the manager, taken back as a whole. */
export interface UndoStep {
  action: UndoAction;
  changes: UndoChange[];
}

/** Most steps kept per manager and store; the oldest go first. */
export const UNDO_LIMIT = 50;

export function beforeOf(shift: Shift): ShiftBefore {
  return {
    title: shift.title,
    start: shift.start,
    end: shift.end,
    role: shift.role ?? null,
    assigned: shift.assigned ?? null,
    oe: shift.oe,
    tasks: shift.tasks ?? [],
  };
}

/** New shifts: taking them back deletes them. */
export function createdStep(shifts: readonly Shift[]): UndoStep | null {
  if (shifts.length === 0) return null;
  return { action: 'create', changes: shifts.map((s) => ({ kind: 'created', shiftId: s.id, version: s.version })) };
}

/** An edit or a move from `before` to `after`. */
export function editedStep(action: 'edit' | 'move', before: Shift, after: Shift): UndoStep | null {
  if (after.version === before.version) return null;
  return { action, changes: [{ kind: 'edited', shiftId: before.id, version: after.version, before: beforeOf(before) }] };
}

/**
 * Removed shifts: a draft is deleted (it comes back as a new draft), an announced shift is
 * cancelled, which moves its version by one (it comes back announced).
 */
export function removedStep(action: 'delete' | 'batchDelete', shifts: readonly Shift[]): UndoStep | null {
  if (shifts.length === 0) return null;
  return {
    action,
    changes: shifts.map((s): UndoChange =>
      s.status === 'draft'
        ? { kind: 'deleted', shiftId: s.id, before: beforeOf(s) }
        : { kind: 'cancelled', shiftId: s.id, version: s.version + 1 },
    ),
  };
}

/** Shifts opened by the batch action (assignee cleared, back to draft): each changed one moved one version. */
export function openedStep(shifts: readonly Shift[]): UndoStep | null {
  const changed = shifts.filter((s) => s.assigned != null || s.status !== 'draft');
  if (changed.length === 0) return null;
  return {
    action: 'batchOpen',
    changes: changed.map((s) => ({ kind: 'edited', shiftId: s.id, version: s.version + 1, before: beforeOf(s) })),
  };
}

/** The stack with `step` on top, at most `limit` steps long. */
export function pushStep(stack: readonly UndoStep[], step: UndoStep | null, limit = UNDO_LIMIT): UndoStep[] {
  if (!step) return [...stack];
  const next = [...stack, step];
  return next.length > limit ? next.slice(next.length - limit) : next;
}

/**
 * The stack after the top step was undone: the step is gone, and a shift that came back under
 * a new id (a deleted draft) or at a new version is named so in the steps below it.
 */
export function afterUndo(stack: readonly UndoStep[], results: readonly { id: string; shift: Shift | null }[]): UndoStep[] {
  const rest = stack.slice(0, -1);
  const now = new Map(results.map((r) => [r.id, r.shift]));
  return rest.map((step) => ({
    ...step,
    changes: step.changes.map((c) => {
      if (!now.has(c.shiftId)) return c;
      const current = now.get(c.shiftId);
      if (!current) return c;
      // Older steps expected the shift as the undone step found it; it is now as the undo
      // left it, which is what those steps' own changes had produced.
      if (c.kind === 'deleted') return c;
      return { ...c, shiftId: current.id, version: current.version };
    }),
  }));
}

/**
 * The stack without the steps naming any of `ids`: shifts that were published, dropped into the
 * pool or cleared. Their employees were told, or they are gone, so the steps before it are no
 * longer the manager's to take back quietly.
 */
export function forgetShifts(stack: readonly UndoStep[], ids: Iterable<string>): UndoStep[] {
  const gone = new Set(ids);
  return stack.filter((step) => !step.changes.some((c) => gone.has(c.shiftId)));
}
