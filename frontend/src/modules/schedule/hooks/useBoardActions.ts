import { useCallback, useMemo, useSyncExternalStore } from 'react';
import type { CreateShiftInput, Shift, ShiftPatch } from '@/modules/api/types';
import { ApiError } from '@/modules/api/ApiError';
import { useMe } from '@/modules/auth/hooks/useMe';
import { shiftStore } from '../store/shiftStore';
import { afterUndo, createdStep, editedStep, forgetShifts, openedStep, pushStep, removedStep, type UndoStep } from '../undo/undoStack';
import { undoStacks, UndoStacks } from '../undo/undoStacks';
import { useShiftActions } from './useShifts';
import { useShiftCalls } from './useShiftCalls';

/** The batch actions of the board's selection. */
export type BatchOp = 'delete' | 'drop' | 'open';

const BATCH_CALLS = { delete: 'batchDeleteShifts', drop: 'batchDropShifts', open: 'batchOpenShifts' } as const;

const NO_STEPS: readonly UndoStep[] = [];

/**
 * The board's shift actions, each remembered as an undo step of this manager on this store,
 * and the undo itself: the top step goes to the server as one call, applied by the store as
 * one change, all or nothing.
 */
export function useBoardActions(storeId: string | null) {
  const actions = useShiftActions(storeId);
  const run = useShiftCalls();
  const me = useMe();
  const key = me && storeId ? UndoStacks.key(me.id, storeId) : null;
  const steps = useSyncExternalStore(undoStacks.subscribe, () => (key ? undoStacks.get(key) : NO_STEPS));

  const record = useCallback(
    (step: UndoStep | null) => {
      if (key && step) undoStacks.update(key, (s) => pushStep(s, step));
    },
    [key],
  );

  const forget = useCallback(
    (ids: readonly string[]) => {
      if (key && ids.length > 0) undoStacks.update(key, (s) => forgetShifts(s, ids));
    },
    [key],
  );

  const create = useCallback(
    async (input: CreateShiftInput) => {
      const answer = await actions.create(input);
      record(createdStep(answer.shifts));
      return answer;
    },
    [actions, record],
  );

  const update = useCallback(
    async (shift: Shift, patch: ShiftPatch, how: 'edit' | 'move' = 'edit') => {
      const next = await actions.update(shift, patch);
      record(editedStep(how, shift, next));
      return next;
    },
    [actions, record],
  );

  const remove = useCallback(
    async (shift: Shift) => {
      await actions.remove(shift);
      record(removedStep('delete', [shift]));
    },
    [actions, record],
  );

  const batch = useCallback(
    async (op: BatchOp, shifts: readonly Shift[]) => {
      const answer = await run(BATCH_CALLS[op], { store: storeId, shifts: shifts.map((s) => s.id) });
      // Deleted drafts leave the board at once; cancelled, dropped and opened shifts come back
      // changed with their live events.
      if (op === 'delete') shiftStore.remove(shifts.filter((s) => s.status === 'draft').map((s) => s.id));
      if (op === 'delete') record(removedStep('batchDelete', shifts));
      if (op === 'open') record(openedStep(shifts));
      // Colleagues were offered the dropped shifts: earlier steps on them are not taken back.
      if (op === 'drop') forget(answer.shifts);
      return answer.shifts;
    },
    [run, storeId, record, forget],
  );

  /** Publishing tells the employees: the steps on the published shifts leave the stack. */
  const publish = useCallback(
    async (ids: string[]) => {
      const published = await actions.publish(ids);
      forget(published.map((s) => s.id));
      return published;
    },
    [actions, forget],
  );

  /** Cleared drafts are gone for good: their steps leave the stack. */
  const clear = useCallback(
    async (start: number, end: number) => {
      const deleted = await actions.clear(start, end);
      forget(deleted);
      return deleted;
    },
    [actions, forget],
  );

  /** Takes back the top step; a step the server refuses (changed since) is dropped from the stack. */
  const undo = useCallback(async (): Promise<UndoStep | null> => {
    if (!key) return null;
    const stack = undoStacks.get(key);
    const step = stack[stack.length - 1];
    if (!step) return null;
    try {
      const answer = await run('undoShiftChanges', { store: storeId, changes: step.changes });
      for (const entry of answer.shifts) {
        if (entry.shift) {
          if (entry.shift.id !== entry.id) shiftStore.remove([entry.id]);
          shiftStore.upsert([entry.shift]);
        } else {
          shiftStore.remove([entry.id]);
        }
      }
      undoStacks.update(key, (s) => (s[s.length - 1] === step ? afterUndo(s, answer.shifts) : [...s]));
      return step;
    } catch (e) {
      if (e instanceof ApiError && (e.status === 409 || e.status === 400 || e.status === 404)) {
        undoStacks.update(key, (s) => s.filter((x) => x !== step));
      }
      throw e;
    }
  }, [key, run, storeId]);

  return useMemo(
    () => ({ ...actions, create, update, remove, batch, publish, clear, undo, steps }),
    [actions, create, update, remove, batch, publish, clear, undo, steps],
  );
}
