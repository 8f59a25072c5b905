import { useCallback } from 'react';
import type { CallInput, CallName, CallOutput } from '@/modules/api/types';
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
    <N extends CallName>(name: N, payload: CallInput<N>): Promise<CallOutput<N>> =>
      socket?.connected ? socket.call(name, payload) : api.call(name, payload),
    [api, socket],
  );
}
