import { atom, type SetStateAction, type WritableAtom } from 'jotai';
import { loadPreference, savePreference } from './clocktoDb';

/**
 * An atom kept among the settings preferences of `clockto-db`: read when the atom is first
 * used (it shows its default for the moment that takes, and a choice made meanwhile wins),
 * written on every change.
 */
export function preferenceAtom<T>(key: string, initial: T, isValid: (value: unknown) => value is T): WritableAtom<T, [SetStateAction<T>], void> {
  const kept = atom({ value: initial, chosen: false });
  kept.onMount = (setKept) => {
    void loadPreference(key).then((saved) => {
      if (isValid(saved)) setKept((now) => (now.chosen ? now : { value: saved, chosen: false }));
    });
  };
  return atom(
    (get) => get(kept).value,
    (get, set, next: SetStateAction<T>) => {
      const value = typeof next === 'function' ? (next as (previous: T) => T)(get(kept).value) : next;
      set(kept, { value, chosen: true });
      void savePreference(key, value);
    },
  );
}
