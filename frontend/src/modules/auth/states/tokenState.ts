import { atom } from 'recoil';
import { localStorageEffect, STORAGE_KEYS } from '@/modules/preferences/utils/localStorageEffect';

/** The session token of the signed-in user, `null` when signed out. */
export const tokenState = atom<string | null>({
  key: 'tokenState',
  default: null,
  effects: [localStorageEffect<string | null>(STORAGE_KEYS.token, (v): v is string => typeof v === 'string')],
});
