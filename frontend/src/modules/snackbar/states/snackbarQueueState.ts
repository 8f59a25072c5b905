import { atom } from 'jotai';
import type { Snackbar } from '../utils/queue';

/** Snackbars in order; the first is on screen. */
export const snackbarQueueState = atom<Snackbar[]>([]);
