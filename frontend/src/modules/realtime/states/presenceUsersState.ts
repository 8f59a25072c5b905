import { atom } from 'recoil';
import type { PresenceUser } from '../events';

/** Who else is looking at the current store, and which shift each has open. */
export const presenceUsersState = atom<PresenceUser[]>({
  key: 'presenceUsersState',
  default: [],
});
