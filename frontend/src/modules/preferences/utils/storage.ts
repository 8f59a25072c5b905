// Values kept in localStorage as JSON, without the state library: the atoms that keep them
// (`storedAtom.ts`) and what runs ahead of the app (`modules/api/earlyReads.ts`) share these.

/** Reads `key` from localStorage as JSON; `fallback` when absent, unreadable or not `isValid`. */
export function readStored<T>(key: string, fallback: T, isValid: (value: unknown) => value is T): T {
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

/** Writes `value` under `key` as JSON; null removes the key. */
export function writeStored(key: string, value: unknown): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or blocked: the value lasts for this visit only.
  }
}
