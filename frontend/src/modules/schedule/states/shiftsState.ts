import { atom } from 'recoil';
import type { ShiftMap } from '../utils/shiftMap';

/** The loaded shifts of the current store, by id. */
export const shiftsState = atom<ShiftMap>({
  key: 'shiftsState',
  default: {},
});
