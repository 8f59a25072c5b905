import { atom } from 'recoil';
import { localStorageEffect, STORAGE_KEYS } from '@/modules/preferences/utils/localStorageEffect';

/** Ids of published shifts the employee has already seen. */
export const seenPublishedShiftsState = atom<string[]>({
  key: 'seenPublishedShiftsState',
  default: [],
  effects: [
    localStorageEffect(STORAGE_KEYS.seenPublishedShifts, (v): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string')),
  ],
});
