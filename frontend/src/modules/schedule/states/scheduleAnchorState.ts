import { atom } from 'recoil';

/** An instant inside the range the board shows. */
export const scheduleAnchorState = atom<number>({
  key: 'scheduleAnchorState',
  default: Date.now(),
});
