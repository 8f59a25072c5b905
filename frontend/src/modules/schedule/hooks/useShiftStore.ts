import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { Shift } from '@/modules/api/types';
import { shiftStore, shiftsBetween } from '../store/shiftStore';
import { applyToIndex, buildIndex, type BoardIndex } from '../utils/boardIndex';

const subscribe = (onChange: () => void) => shiftStore.subscribe(onChange);
const version = () => shiftStore.version;

/** A number that changes with every batch of shift changes. */
export function useShiftStoreVersion(): number {
  return useSyncExternalStore(subscribe, version);
}

/** One loaded shift, kept current (`null` when not held). */
export function useStoredShift(id: string | null): Shift | null {
  const get = useCallback(() => (id ? (shiftStore.get(id) ?? null) : null), [id]);
  return useSyncExternalStore(subscribe, get);
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
  return useSyncExternalStore(subscribe, get);
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
