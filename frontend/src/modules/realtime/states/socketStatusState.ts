import { atom } from 'jotai';
import type { SocketStatus } from '../StoreSocket';

/** Whether the realtime connection is up. */
export const socketStatusState = atom<SocketStatus>('connecting');
