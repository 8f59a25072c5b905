import { atom } from 'recoil';
import type { SocketStatus } from '../StoreSocket';

/** Whether the realtime connection is up. */
export const socketStatusState = atom<SocketStatus>({
  key: 'socketStatusState',
  default: 'connecting',
});
