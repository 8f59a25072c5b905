import { startTransition, useCallback, useEffect, useReducer, useRef, useState } from 'react';
import type { Shift } from '@/modules/api/types';
import { shiftStore, shiftsBetween } from '../store/shiftStore';
import { applyToIndex, buildIndex, type BoardIndex } from '../utils/boardIndex';

/**
 * A value read from the loaded shifts as each render runs, drawn again after every batch of
 * changes as a transition. A batch (the week's shifts arriving, a colleague's edit) then
 * draws in slices a phone can interleave with input and paint: with `useSyncExternalStore`
 * every batch drew the board in one blocking task. Two parts drawn in the same pass may see
 * consecutive batches; the next pass, already scheduled, draws both with the later one.
 */
function useShiftStoreRead<T>(read: () => T): T {
  const [, redraw] = useReducer((n: number) => n + 1, 0);
  const drawnVersion = shiftStore.version;
  useEffect(() => {
    const off = shiftStore.subscribe(() => startTransition(redraw));
    // A batch delivered between the first render and this subscription would otherwise be missed.
    if (shiftStore.version !== drawnVersion) startTransition(redraw);
    return off;
    // Subscribed once; `drawnVersion` is the first render's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return read();
}

/** A number that changes with every batch of shift changes. */
export function useShiftStoreVersion(): number {
  return useShiftStoreRead(() => shiftStore.version);
}

/** One loaded shift, kept current (`null` when not held). */
export function useStoredShift(id: string | null): Shift | null {
  return useShiftStoreRead(() => (id ? (shiftStore.get(id) ?? null) : null));
}

/** The loaded shifts overlapping `[start, end]`, by start; a new list only after a change. */
export function useStoredShiftsBetween(start: number, end: number): Shift[] {
  const cache = useRef<{ version: number; start: number; end: number; shifts: Shift[] } | null>(null);
  const get = useCallback(() => {
    const c = cache.current;
    if (c && c.version === shiftStore.version && c.start === start && c.end === end) return c.shifts;
    const shifts = shiftsBetween(shiftStore.values(), start, end);
    cache.current = { version: shiftStore.version, start, end, shifts };
    return shifts;
  }, [start, end]);
  return useShiftStoreRead(get);
}

/**
 * The board's grouping of the loaded shifts for `days`, built once per range and then changed
 * per change set, so a change renders again only the rows and cells it touches.
 */
export function useBoardIndex(days: readonly number[], end: number): BoardIndex {
  const build = () => ({ index: buildIndex(shiftStore.values(), days, end), version: shiftStore.version });
  const [state, setState] = useState(build);
  let current = state;
  if (state.index.days !== days || state.index.end !== end) {
    current = build();
    setState(current);
  }
  useEffect(() => {
    // As a transition, like the reads above: the grid draws the batch in slices.
    const off = shiftStore.subscribe((changes) =>
      startTransition(() =>
        setState((s) => ({ index: applyToIndex(s.index, changes.ids, (id) => shiftStore.get(id)), version: shiftStore.version })),
      ),
    );
    // A batch delivered between the render and this subscription would otherwise be missed.
    setState((s) => (s.version === shiftStore.version ? s : { index: buildIndex(shiftStore.values(), s.index.days, s.index.end), version: shiftStore.version }));
    return off;
  }, []);
  return current.index;
}
