import { atom } from 'recoil';
import { localStorageEffect, STORAGE_KEYS } from '@/modules/preferences/utils/localStorageEffect';

/** The store the user works in, kept across visits. */
export const currentStoreIdState = atom<string | null>({
  key: 'currentStoreIdState',
  default: null,
  effects: [
    localStorageEffect<string | null>(STORAGE_KEYS.currentStore, (v): v is string => typeof v === 'string'),
  ],
});
