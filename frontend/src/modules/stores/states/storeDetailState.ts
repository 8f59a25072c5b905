import { atom } from 'jotai';
import type { StoreDetail } from '@/modules/api/types';

/** The current store with its roles and the user's own record; `null` until loaded. */
export const storeDetailState = atom<StoreDetail | null>(null);
