import { useCallback, useEffect, useRef } from 'react';
import { useStoreSocket } from '@/modules/realtime/hooks/useStoreSocket';
import { typingIn } from '../utils/chat';

/** How long after the last keystroke someone stops showing as typing. */
const TYPING_IDLE_MS = 3000;

/**
 * Tells the store who types in a conversation: through presence (volatile, shared across
 * nodes, never stored), until the composer is left idle or sent.
 */
export function useTyping(conversationId: string) {
  const socket = useStoreSocket();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const typing = useCallback(
    (active: boolean) => {
      if (!socket) return;
      if (timer.current) clearTimeout(timer.current);
      socket.setPresence(true, active ? typingIn(conversationId) : null);
      if (active) timer.current = setTimeout(() => socket.setPresence(true, null), TYPING_IDLE_MS);
    },
    [socket, conversationId],
  );
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
      socket?.setPresence(false, null);
    },
    [socket],
  );
  return typing;
}
