import { useAtomValue } from 'jotai';
import { tokenState } from '../states/tokenState';

/** The session token, `null` when signed out. */
export function useToken(): string | null {
  return useAtomValue(tokenState);
}
