import { useEffect, useRef } from 'react';
import type { ChangeEvent } from '../events';
import { useStoreSocket } from './useStoreSocket';

/**
 * Calls `onChange` for every change of the current store and `onResync` when the app must
 * reload because missed changes could not be replayed.
 */
export function useChanges(onChange: (event: ChangeEvent) => void, onResync?: () => void) {
  const socket = useStoreSocket();
  const handlers = useRef({ onChange, onResync });
  handlers.current = { onChange, onResync };
  useEffect(() => {
    if (!socket) return;
    const offChange = socket.onChange((e) => handlers.current.onChange(e));
    const offResync = socket.onResync(() => handlers.current.onResync?.());
    return () => {
      offChange();
      offResync();
    };
  }, [socket]);
}
