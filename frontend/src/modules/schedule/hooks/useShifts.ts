import { useCallback, useEffect, useMemo, useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import type { CreateShiftInput, Shift, ShiftPatch } from '@/modules/api/types';
import { ApiError } from '@/modules/api/ApiError';
import { useApi } from '@/modules/auth/hooks/useApi';
import { useChanges } from '@/modules/realtime/hooks/useChanges';
import { shiftErrorsState } from '../states/shiftErrorsState';
import { shiftStore } from '../store/shiftStore';
import { applyShiftChange } from '../utils/shiftChanges';
import { shiftsRead, type ShiftScope } from '../utils/shiftReads';
import { useStoredShiftsBetween } from './useShiftStore';
import { useShiftCalls } from './useShiftCalls';

/**
 * The shifts of the current store in `[start, end]`, kept current by realtime changes. Only the
 * parts of the range not read before are read (a month around a loaded week reads the days
 * around it); a resync that cannot replay reads again.
 */
export function useShiftsInRange(storeId: string | null, start: number, end: number, scope: ShiftScope) {
  const api = useApi();
  const shifts = useStoredShiftsBetween(start, end);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<unknown>(null);
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    if (!storeId) return;
    let live = true;
    const missing = shiftStore.unread(`${storeId}:${scope}`, start, end, scope === 'mine' ? [`${storeId}:all`] : []);
    if (missing.length === 0) {
      setLoading(false);
      return;
    }
    setLoading(true);
    Promise.all(
      missing.map(([from, to]) =>
        api.get<Shift[]>(...shiftsRead(storeId, from, to, scope)).then((loaded) => {
          if (!live) return;
          shiftStore.upsert(loaded.filter((s) => s.storeId === storeId));
          shiftStore.markRead(`${storeId}:${scope}`, from, to);
        }),
      ),
    )
      .then(() => live && setError(null))
      .catch((e: unknown) => live && setError(e))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [api, storeId, start, end, scope, generation]);

  // Changes themselves are applied app-wide (see `useApplyShiftChanges`); a resync reloads.
  useChanges(
    () => undefined,
    () => setGeneration((g) => g + 1),
  );

  return { shifts, loading, error };
}

/** Applies every realtime shift change of the current store to the loaded shifts. */
export function useApplyShiftChanges() {
  useChanges(
    (event) => applyShiftChange(shiftStore, event),
    () => shiftStore.clear(),
  );
}

/** Drops every loaded shift (on a store switch). */
export function useResetShifts() {
  return useCallback(() => shiftStore.clear(), []);
}

/** The last refusal per shift id. */
export function useShiftErrors() {
  return useAtomValue(shiftErrorsState);
}

/** Shift edits of the board and the employee home. */
export function useShiftActions(storeId: string | null) {
  const run = useShiftCalls();
  const setErrors = useSetAtom(shiftErrorsState);

  const noteError = useCallback(
    (id: string, error: unknown) => {
      if (error instanceof ApiError && error.code === 'stale_shift') {
        const current = (error.details as { shift?: Shift } | undefined)?.shift;
        if (current) shiftStore.upsert([current]);
      }
      const text = error instanceof Error ? error.message : String(error);
      setErrors((all) => ({ ...all, [id]: text }));
    },
    [setErrors],
  );

  const clearError = useCallback(
    (id: string) =>
      setErrors((all) => {
        if (!(id in all)) return all;
        const { [id]: _gone, ...rest } = all;
        return rest;
      }),
    [setErrors],
  );

  const create = useCallback(
    async (input: CreateShiftInput) => {
      const answer = await run('createShift', { store: storeId, ...input });
      shiftStore.upsert(answer.shifts);
      return answer;
    },
    [run, storeId],
  );

  const update = useCallback(
    async (shift: Shift, patch: ShiftPatch, cancelReason?: string) => {
      try {
        const next = await run('updateShift', {
          store: storeId,
          shiftId: shift.id,
          updatedShift: { ...patch, version: shift.version },
          ...(cancelReason ? { cancelReason } : {}),
        });
        shiftStore.upsert([next]);
        clearError(shift.id);
        return next;
      } catch (e) {
        noteError(shift.id, e);
        throw e;
      }
    },
    [run, storeId, clearError, noteError],
  );

  const remove = useCallback(
    async (shift: Shift, cancelReason?: string) => {
      await run('deleteShift', {
        shiftId: shift.id,
        store: storeId,
        ...(cancelReason ? { cancelReason } : {}),
      });
      shiftStore.remove([shift.id]);
      clearError(shift.id);
    },
    [run, storeId, clearError],
  );

  const publish = useCallback(
    async (ids: string[]) => {
      const answer = await run('publishShifts', { store: storeId, shifts: ids });
      shiftStore.upsert(answer.shifts);
      return answer.shifts;
    },
    [run, storeId],
  );

  const clear = useCallback(
    async (start: number, end: number) => {
      const answer = await run('clearSchedule', { store: storeId, start, end });
      shiftStore.remove(answer.deleted);
      return answer.deleted;
    },
    [run, storeId],
  );

  const respond = useCallback(
    async (shift: Shift, answer: 'confirmShift' | 'declineShift') => {
      try {
        const next = await run(answer, { store: storeId, shiftId: shift.id });
        shiftStore.upsert([next]);
        clearError(shift.id);
        return next;
      } catch (e) {
        noteError(shift.id, e);
        throw e;
      }
    },
    [run, storeId, clearError, noteError],
  );

  // One object while its calls stay the same: the board's handlers depend on it, and a new
  // one on every render drew every cell of the board again with them.
  return useMemo(
    () => ({ create, update, remove, publish, clear, respond, noteError, clearError }),
    [create, update, remove, publish, clear, respond, noteError, clearError],
  );
}
