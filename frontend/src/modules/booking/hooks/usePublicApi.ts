import { useMemo } from 'react';
import { API_BASE, ApiClient } from '@/modules/api/client';

/**
 * The API as a visitor without an account calls it: the public booking calls, no token sent
 * even when someone is signed in on this browser.
 */
export function usePublicApi(): ApiClient {
  return useMemo(() => new ApiClient(API_BASE, () => null), []);
}
