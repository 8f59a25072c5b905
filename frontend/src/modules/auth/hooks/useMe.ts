import { useAtomValue } from 'jotai';
import type { Me } from '@/modules/api/types';
import { meState } from '../states/meState';

/** The signed-in user; `undefined` while loading, `null` when signed out. */
export function useMe(): Me | null | undefined {
  return useAtomValue(meState);
}
