import { atom, type SetStateAction, type WritableAtom } from 'jotai';
import { atomWithLazy, RESET } from 'jotai/utils';
import { readStored, writeStored } from './storage';

/**
 * An atom kept in `localStorage` under `key`: read when a state store first reads it (so a new
 * store sees what is kept now, not what was kept when the module loaded), written on every
 * change, removed when set to null or reset (`RESET`). Kept values that fail `isValid` are
 * ignored.
 */
export function storedAtom<T>(
  key: string,
  initial: T,
  isValid: (value: unknown) => value is T,
): WritableAtom<T, [SetStateAction<T> | typeof RESET], void> {
  const kept = atomWithLazy(() => readStored(key, initial, isValid));
  return atom(
    (get) => get(kept),
    (get, set, next: SetStateAction<T> | typeof RESET) => {
      if (next === RESET) {
        set(kept, initial);
        writeStored(key, null);
        return;
      }
      const value = typeof next === 'function' ? (next as (previous: T) => T)(get(kept)) : next;
      set(kept, value);
      writeStored(key, value);
    },
  );
}
