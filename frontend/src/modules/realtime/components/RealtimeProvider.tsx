import { startTransition, useEffect, useRef, useState, type ReactNode } from 'react';
import { useSetAtom } from 'jotai';
import { RealtimeContext } from './RealtimeContext';
import type { StoreSocket } from '../StoreSocket';
import { presenceUsersState } from '../states/presenceUsersState';
import { socketStatusState } from '../states/socketStatusState';

export interface RealtimeProviderProps {
  token: string | null;
  storeId: string | null;
  /**
   * The store version the app's read of `storeId` was answered at, once it has been: the first
   * join waits for it and asks for every change since, so what changed between the first reads
   * and the join (seconds on a slow phone) is replayed instead of missed.
   */
  storeReadAt: number | null;
  /** Called when the server ends the socket's session (signed out elsewhere, for one). */
  onSessionEnded?: () => void;
  children: ReactNode;
}

/** Opens one socket per session and keeps it joined to the current store. */
export function RealtimeProvider({ token, storeId, storeReadAt, onSessionEnded, children }: RealtimeProviderProps) {
  const [socket, setSocket] = useState<StoreSocket | null>(null);
  // The latest callback, without opening a new socket when it changes.
  const sessionEnded = useRef(onSessionEnded);
  useEffect(() => {
    sessionEnded.current = onSessionEnded;
  }, [onSessionEnded]);
  const setStatus = useSetAtom(socketStatusState);
  const setPresence = useSetAtom(presenceUsersState);

  useEffect(() => {
    if (!token) return;
    // The socket's code (socket.io-client) is a chunk of its own, fetched as the app starts
    // instead of holding back the first screen; until it opens, edits go over HTTP.
    let next: StoreSocket | null = null;
    let stop = () => {};
    let live = true;
    void import('../StoreSocket').then(({ StoreSocket }) => {
      if (!live) return;
      const socket = new StoreSocket({ token });
      const offStatus = socket.onStatus(setStatus);
      const offPresence = socket.onPresence((event) => setPresence(event.users));
      const offEnded = socket.onSessionEnded(() => sessionEnded.current?.());
      stop = () => {
        offStatus();
        offPresence();
        offEnded();
      };
      next = socket;
      // Everything live follows the socket: drawn as a transition, in slices.
      startTransition(() => setSocket(socket));
    });
    return () => {
      live = false;
      stop();
      next?.close();
      setSocket(null);
    };
  }, [token, setStatus, setPresence]);

  // The version of the latest read, without joining again when a later read moves it on.
  const readAt = useRef(storeReadAt);
  useEffect(() => {
    readAt.current = storeReadAt;
  }, [storeReadAt]);
  const read = storeReadAt !== null;

  useEffect(() => {
    if (!socket || !storeId || !read) return;
    // Nobody yet in the store just joined; an empty list stays the same list (no new render).
    setPresence((users) => (users.length === 0 ? users : []));
    void socket.join(storeId, readAt.current ?? undefined).catch(() => undefined);
    return () => socket.leave();
  }, [socket, storeId, read, setPresence]);

  return <RealtimeContext.Provider value={socket}>{children}</RealtimeContext.Provider>;
}
