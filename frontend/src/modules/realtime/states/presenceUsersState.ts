import { atom } from 'jotai';
import type { PresenceUser } from '../events';

/** Who else is looking at the current store, and which shift each has open. */
export const presenceUsersState = atom<PresenceUser[]>([]);
