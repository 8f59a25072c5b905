import { atom } from 'jotai';

/** An instant inside the range the board shows. */
export const scheduleAnchorState = atom<number>(Date.now());
