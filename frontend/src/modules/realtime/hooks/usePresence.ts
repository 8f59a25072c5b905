import { useAtomValue } from 'jotai';
import { presenceUsersState } from '../states/presenceUsersState';
import { socketStatusState } from '../states/socketStatusState';

// Two hooks, not one: a screen that shows who is looking (the board) need not draw again when
// the connection comes up, nor the frame, which shows the connection, when someone looks in.

/** Who is looking at the current store. */
export function usePresenceUsers() {
  return useAtomValue(presenceUsersState);
}

/** Whether the connection is up. */
export function useSocketStatus() {
  return useAtomValue(socketStatusState);
}
