import { useCallback } from 'react';
import type { CallInput, CallName, CallOutput } from '@/modules/api/types';
import { useReportedCall } from '@/modules/snackbar/hooks/useReportedCall';

/** The chat's snackbar: one at a time for every chat call. */
const CHAT_SNACKBAR = 'chat';

/**
 * Runs the chat's calls, each reported in the chat's snackbar: the server's refusal (worded
 * from its code) on failure, the `done` text on success where one is given. A call answers
 * its data, or `null` after a failure; `busy` is true while one runs.
 */
export function useChatCalls() {
  const { call, busy } = useReportedCall();
  const run = useCallback(
    async <N extends CallName>(name: N, payload: CallInput<N>, done?: string): Promise<CallOutput<N> | null> => {
      const answer = await call(name, payload, { key: CHAT_SNACKBAR, done });
      return answer ? answer.data : null;
    },
    [call],
  );
  return { run, busy };
}
