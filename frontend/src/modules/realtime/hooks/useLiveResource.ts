import { startTransition, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useApi } from '@/modules/auth/hooks/useApi';
import { useChanges } from './useChanges';
import { useStoreSocket } from './useStoreSocket';

/** How long a burst of changes is gathered before one reload. */
const RELOAD_DELAY_MS = 120;

/** How a live read follows the store besides its change prefixes. */
interface LiveOptions {
  /** Load again when a notification arrives. */
  onNotifications?: boolean;
  query?: Record<string, string | number | undefined>;
}

/** A live read: its last answer (`null` until the first), its last error, and a reload. */
export interface LiveResource<T> {
  data: T | null;
  error: unknown;
  loading: boolean;
  reload: () => void;
}

/**
 * A read of the current store (`GET /api/v1/<path>`) kept current: it loads again when a
 * change whose type starts with one of `changePrefixes` arrives, after a resync, and when a
 * notification arrives if `onNotifications` is set. `path` null waits (no store yet).
 */
export function useLiveResource<T>(
  path: string | null,
  changePrefixes: readonly string[],
  { onNotifications = false, query }: LiveOptions = {},
): LiveResource<T> {
  const api = useApi();
  const socket = useStoreSocket();
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [generation, setGeneration] = useState(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const queryKey = JSON.stringify(query ?? {});

  const reload = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => setGeneration((g) => g + 1), RELOAD_DELAY_MS);
  }, []);

  useEffect(() => () => {
    if (timer.current) clearTimeout(timer.current);
  }, []);

  useEffect(() => {
    if (!path) return;
    let live = true;
    api
      .get<T>(path, JSON.parse(queryKey) as Record<string, string | number | undefined>)
      .then((loaded) => {
        if (!live) return;
        // An answer is drawn as a transition: in slices the browser can interleave with input
        // and paint, and together with the other reads that arrive meanwhile.
        startTransition(() => {
          setData(loaded);
          setError(null);
        });
      })
      .catch((e: unknown) => live && setError(e));
    return () => {
      live = false;
    };
  }, [api, path, queryKey, generation]);

  useChanges((event) => {
    if (changePrefixes.some((p) => event.type.startsWith(p))) reload();
  }, reload);

  useEffect(() => {
    if (!socket || !onNotifications) return;
    return socket.onNotification(() => reload());
  }, [socket, onNotifications, reload]);

  // One object per answer, so components that share a read re-render only when it changes.
  return useMemo(() => ({ data, error, loading: data === null && error === null, reload }), [data, error, reload]);
}
