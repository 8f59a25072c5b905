import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import type { Shift } from '@/modules/api/types';
import { shiftStore, shiftsBetween } from '../store/shiftStore';
import { applyToIndex, buildIndex, type BoardIndex } from '../utils/boardIndex';

/**
 * A value read from the loaded shifts as each render runs, drawn again after every batch of
 * changes. Not `useSyncExternalStore`: where a batch lands while React renders in slices (the
 * signed-in frame drawn as a transition while the week's shifts arrive), that hook has React
 * draw the whole tree again at once, in one task that holds a phone's main thread. Here the
 * render reads the store as it is, and the batch asks for the next render, so two parts drawn
 * in one pass may see consecutive batches only until that render, already scheduled.
 */
function useShiftStoreRead<T>(read: () => T): T {
  const [, redraw] = useReducer((n: number) => n + 1, 0);
  const drawnVersion = useRef(shiftStore.version);
  useEffect(() => {
    const off = shiftStore.subscribe(redraw);
    // A batch delivered between the first render and this subscription would otherwise be missed.
    if (shiftStore.version !== drawnVersion.current) redraw();
    return off;
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
    const off = shiftStore.subscribe((changes) =>
      setState((s) => ({ index: applyToIndex(s.index, changes.ids, (id) => shiftStore.get(id)), version: shiftStore.version })),
    );
    // A batch delivered between the render and this subscription would otherwise be missed.
    setState((s) => (s.version === shiftStore.version ? s : { index: buildIndex(shiftStore.values(), s.index.days, s.index.end), version: shiftStore.version }));
    return off;
  }, []);
  return current.index;
}
