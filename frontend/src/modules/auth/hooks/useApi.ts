import { useMemo } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { API_BASE, ApiClient } from '@/modules/api/client';
import { meState } from '../states/meState';
import { tokenState } from '../states/tokenState';

/** The API client, authenticated as the signed-in user. A 401 signs the user out. */
export function useApi(): ApiClient {
  const token = useAtomValue(tokenState);
  const setToken = useSetAtom(tokenState);
  const setMe = useSetAtom(meState);
  return useMemo(
    () =>
      new ApiClient(
        API_BASE,
        () => token,
        () => {
          setToken(null);
          setMe(null);
        },
      ),
    [token, setToken, setMe],
  );
}
