import { selectorFamily } from 'recoil';
import type { Shift } from '@/modules/api/types';
import { shiftsState } from '../shiftsState';
import { shiftsBetween } from '../../utils/shiftMap';

/** The loaded shifts overlapping a range, by start time. */
export const shiftsInRangeSelector = selectorFamily<Shift[], { start: number; end: number }>({
  key: 'shiftsInRangeSelector',
  get:
    ({ start, end }) =>
    ({ get }) =>
      shiftsBetween(get(shiftsState), start, end),
});
