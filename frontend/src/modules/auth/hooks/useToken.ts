import { useRecoilValue } from 'recoil';
import { tokenState } from '../states/tokenState';

/** The session token, `null` when signed out. */
export function useToken(): string | null {
  return useRecoilValue(tokenState);
}
