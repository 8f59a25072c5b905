import { atom } from 'recoil';
import type { StoreDetail } from '@/modules/api/types';

/** The current store with its roles and the user's own record; `null` until loaded. */
export const storeDetailState = atom<StoreDetail | null>({
  key: 'storeDetailState',
  default: null,
});
