import type { AtomEffect } from 'recoil';
import { loadPreference, savePreference } from './clocktoDb';

/**
 * Keeps an atom among the settings preferences of `clockto-db`: read when the atom is first
 * used (it shows its default for the moment that takes, and a choice made meanwhile wins),
 * written on every change.
 */
export function preferenceEffect<T>(key: string, isValid: (value: unknown) => value is T): AtomEffect<T> {
  return ({ setSelf, onSet, trigger }) => {
    let chosen = false;
    if (trigger === 'get') {
      void loadPreference(key).then((saved) => {
        if (!chosen && isValid(saved)) setSelf(saved);
      });
    }
    onSet((value) => {
      chosen = true;
      void savePreference(key, value);
    });
  };
}
