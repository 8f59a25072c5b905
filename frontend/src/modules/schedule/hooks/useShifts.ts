import { useCallback, useEffect, useState } from 'react';
import { useRecoilValue, useSetRecoilState } from 'recoil';
import type { CreateShiftInput, Shift, ShiftPatch } from '@/modules/api/types';
import { ApiError } from '@/modules/api/ApiError';
import { useApi } from '@/modules/auth/hooks/useApi';
import { useChanges } from '@/modules/realtime/hooks/useChanges';
import { shiftsState } from '../states/shiftsState';
import { shiftErrorsState } from '../states/shiftErrorsState';
import { shiftsInRangeSelector } from '../states/selectors/shiftsInRangeSelector';
import { applyShiftChange, mergeShifts, removeShift, upsertShift } from '../utils/shiftMap';
import { useShiftCalls } from './useShiftCalls';

/** Whose shifts to read: all (managers) or the user's own. */
export type ShiftScope = 'all' | 'mine';

/**
 * The shifts of the current store in `[start, end]`, loaded over HTTP and kept current by
 * realtime changes; a resync reloads them.
 */
export function useShiftsInRange(storeId: string | null, start: number, end: number, scope: ShiftScope) {
  const api = useApi();
  const setShifts = useSetRecoilState(shiftsState);
  const shifts = useRecoilValue(shiftsInRangeSelector({ start, end }));
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<unknown>(null);
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    if (!storeId) return;
    let live = true;
    setLoading(true);
    api
      .get<Shift[]>(`/stores/${storeId}/shifts`, { start, end, scope })
      .then((loaded) => {
        if (!live) return;
        setShifts((map) => mergeShifts(map, loaded.filter((s) => s.storeId === storeId)));
        setError(null);
      })
      .catch((e: unknown) => live && setError(e))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [api, storeId, start, end, scope, setShifts, generation]);

  // Changes themselves are applied app-wide (see `useApplyShiftChanges`); a resync reloads.
  useChanges(
    () => undefined,
    () => setGeneration((g) => g + 1),
  );

  return { shifts, loading, error };
}

/** Applies every realtime shift change of the current store to the loaded shifts. */
export function useApplyShiftChanges() {
  const setShifts = useSetRecoilState(shiftsState);
  useChanges(
    (event) => setShifts((map) => applyShiftChange(map, event)),
    () => setShifts({}),
  );
}

/** Drops every loaded shift (on a store switch). */
export function useResetShifts() {
  const setShifts = useSetRecoilState(shiftsState);
  return useCallback(() => setShifts({}), [setShifts]);
}

/** The last refusal per shift id. */
export function useShiftErrors() {
  return useRecoilValue(shiftErrorsState);
}

/** Shift edits of the board and the employee home. */
export function useShiftActions(storeId: string | null) {
  const run = useShiftCalls();
  const setShifts = useSetRecoilState(shiftsState);
  const setErrors = useSetRecoilState(shiftErrorsState);

  const noteError = useCallback(
    (id: string, error: unknown) => {
      if (error instanceof ApiError && error.code === 'stale_shift') {
        const current = (error.details as { shift?: Shift } | undefined)?.shift;
        if (current) setShifts((map) => upsertShift(map, current));
      }
      const text = error instanceof Error ? error.message : String(error);
      setErrors((all) => ({ ...all, [id]: text }));
    },
    [setShifts, setErrors],
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
      setShifts((map) => mergeShifts(map, answer.shifts));
      return answer;
    },
    [run, storeId, setShifts],
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
        setShifts((map) => upsertShift(map, next));
        clearError(shift.id);
        return next;
      } catch (e) {
        noteError(shift.id, e);
        throw e;
      }
    },
    [run, storeId, setShifts, clearError, noteError],
  );

  const remove = useCallback(
    async (shift: Shift, cancelReason?: string) => {
      await run('deleteShift', {
        shiftId: shift.id,
        store: storeId,
        ...(cancelReason ? { cancelReason } : {}),
      });
      setShifts((map) => removeShift(map, shift.id));
      clearError(shift.id);
    },
    [run, storeId, setShifts, clearError],
  );

  const publish = useCallback(
    async (ids: string[]) => {
      const answer = await run('publishShifts', { store: storeId, shifts: ids });
      setShifts((map) => mergeShifts(map, answer.shifts));
      return answer.shifts;
    },
    [run, storeId, setShifts],
  );

  const clear = useCallback(
    async (start: number, end: number) => {
      const answer = await run('clearSchedule', { store: storeId, start, end });
      setShifts((map) => answer.deleted.reduce(removeShift, map));
      return answer.deleted;
    },
    [run, storeId, setShifts],
  );

  const respond = useCallback(
    async (shift: Shift, answer: 'confirmShift' | 'declineShift') => {
      try {
        const next = await run(answer, { store: storeId, shiftId: shift.id });
        setShifts((map) => upsertShift(map, next));
        clearError(shift.id);
        return next;
      } catch (e) {
        noteError(shift.id, e);
        throw e;
      }
    },
    [run, storeId, setShifts, clearError, noteError],
  );

  return { create, update, remove, publish, clear, respond, noteError, clearError };
}
