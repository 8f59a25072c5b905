import { useRecoilValue } from 'recoil';
import { presenceUsersState } from '../states/presenceUsersState';
import { socketStatusState } from '../states/socketStatusState';

/** Who is looking at the current store, and whether the connection is up. */
export function usePresence() {
  return {
    users: useRecoilValue(presenceUsersState),
    status: useRecoilValue(socketStatusState),
  };
}
