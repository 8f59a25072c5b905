import { atom, type SetStateAction, type WritableAtom } from 'jotai';
import { atomWithLazy, RESET } from 'jotai/utils';

/** Reads `key` from localStorage as JSON; `fallback` when absent, unreadable or not `isValid`. */
function readStored<T>(key: string, fallback: T, isValid: (value: unknown) => value is T): T {
  try {
    const saved = localStorage.getItem(key);
    if (saved === null) return fallback;
    const parsed: unknown = JSON.parse(saved);
    return isValid(parsed) ? parsed : fallback;
  } catch {
    // Unreadable or blocked storage: keep the default.
    return fallback;
  }
}

function writeStored(key: string, value: unknown): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or blocked: the value lasts for this visit only.
  }
}

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
