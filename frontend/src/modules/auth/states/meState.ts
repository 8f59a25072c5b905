import { atom } from 'jotai';
import type { Me } from '@/modules/api/types';

/** The signed-in user with their stores; `undefined` while loading, `null` when signed out. */
export const meState = atom<Me | null | undefined>(undefined);
