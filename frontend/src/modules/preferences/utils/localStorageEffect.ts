import type { AtomEffect } from 'recoil';

/**
 * Keeps an atom in `localStorage` under `key`: read once at start, written on every change,
 * removed when the atom is reset. Values that fail `isValid` are ignored.
 */
export function localStorageEffect<T>(
  key: string,
  isValid: (value: unknown) => value is T = (v): v is T => v !== undefined,
): AtomEffect<T> {
  return ({ setSelf, onSet }) => {
    try {
      const saved = localStorage.getItem(key);
      if (saved !== null) {
        const parsed: unknown = JSON.parse(saved);
        if (isValid(parsed)) setSelf(parsed);
      }
    } catch {
      // Unreadable or blocked storage: keep the default.
    }
    onSet((value, _old, isReset) => {
      try {
        if (isReset || value === null) localStorage.removeItem(key);
        else localStorage.setItem(key, JSON.stringify(value));
      } catch {
        // Storage full or blocked: the preference lasts for this visit only.
      }
    });
  };
}

/** Every key the app keeps; all are cleared at sign-out except the look of the app. */
export const STORAGE_KEYS = {
  token: 'token',
  currentStore: 'current-store',
  openStoreChooser: 'open-store-chooser',
  sidebarCollapsed: 'is-sidebar-collapsed',
  themeName: 'themeName',
  themeType: 'themeType',
  seenPublishedShifts: 'seen-published-shifts',
  tourRun: 'tour-run',
} as const;
