import { useCallback } from 'react';
import { useApi } from '@/modules/auth/hooks/useApi';
import { useStoreSocket } from '@/modules/realtime/hooks/useStoreSocket';

/**
 * Runs a shift call: over the socket with its acknowledgement while connected, over HTTP
 * otherwise. Both answer with the same envelope.
 */
export function useShiftCalls() {
  const api = useApi();
  const socket = useStoreSocket();
  return useCallback(
    <T,>(name: string, payload: unknown): Promise<T> =>
      socket?.connected ? socket.call<T>(name, payload) : api.call<T>(name, payload),
    [api, socket],
  );
}
