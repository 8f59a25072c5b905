import { atom } from 'recoil';
import { preferenceEffect } from '@/modules/local-db/utils/preferenceEffect';
import type { Density } from '../utils/boardView';

/** How tightly the board packs its rows, kept among this browser's preferences. */
export const boardDensityState = atom<Density>({
  key: 'boardDensityState',
  default: 'comfortable',
  effects: [preferenceEffect('boardDensity', (v): v is Density => v === 'comfortable' || v === 'compact')],
});
