import { selector } from 'recoil';
import { shiftsState } from '@/modules/schedule/states/shiftsState';
import { storeDetailState } from '@/modules/stores/states/storeDetailState';
import { seenPublishedShiftsState } from '../seenPublishedShiftsState';
import { newPublished } from '../../utils/earnings';

/** How many published shifts of the user are new: the published-shifts badge. */
export const newPublishedCountSelector = selector<number>({
  key: 'newPublishedCountSelector',
  get: ({ get }) => {
    const me = get(storeDetailState)?.employee;
    if (!me) return 0;
    return newPublished(Object.values(get(shiftsState)), me.id, get(seenPublishedShiftsState)).length;
  },
});
