import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '@/modules/api/ApiError';
import type { CallInput } from '@/modules/api/types';
import { useApi } from '@/modules/auth/hooks/useApi';
import { keepAfterFailure, punchBody, type QueuedPunch } from '../utils/clock';
import { forgetPunch, queuedPunches, queuePunch } from '../utils/punchQueue';

/** What became of a punch: sent and answered, or kept to send when the connection is back. */
export type PunchResult = { sent: true } | { sent: false; queued: true };

/**
 * Clock punches that survive a lost connection: each has an id and the device's time; when
 * the phone is offline (or the server cannot be reached) it waits in IndexedDB and is sent,
 * in order, once the connection is back. The server applies each punch id once.
 */
export function usePunches(onSent: () => void) {
  const api = useApi();
  const [waiting, setWaiting] = useState<QueuedPunch[]>([]);
  const [online, setOnline] = useState(() => navigator.onLine);
  const flushing = useRef(false);

  const refresh = useCallback(async () => setWaiting(await queuedPunches()), []);

  const send = useCallback(
    (p: QueuedPunch) =>
      api.call(p.call, punchBody(p, Date.now()) as CallInput<typeof p.call>),
    [api],
  );

  const flush = useCallback(async () => {
    if (flushing.current || !navigator.onLine) return;
    flushing.current = true;
    const failures: unknown[] = [];
    try {
      for (const p of await queuedPunches()) {
        try {
          await send(p);
        } catch (e) {
          if (e instanceof ApiError && keepAfterFailure(e.status)) break;
          failures.push(e);
        }
        await forgetPunch(p.punchId);
      }
    } finally {
      flushing.current = false;
      await refresh();
      onSent();
    }
    return failures;
  }, [send, refresh, onSent]);

  useEffect(() => {
    void refresh().then(() => flush());
    const up = () => {
      setOnline(true);
      void flush();
    };
    const down = () => setOnline(false);
    window.addEventListener('online', up);
    window.addEventListener('offline', down);
    return () => {
      window.removeEventListener('online', up);
      window.removeEventListener('offline', down);
    };
  }, [refresh, flush]);

  /** Sends a punch now, or keeps it when there is no connection. Rule refusals throw. */
  const punch = useCallback(
    async (call: QueuedPunch['call'], store: string, fields: Record<string, unknown>): Promise<PunchResult> => {
      const p: QueuedPunch = { punchId: crypto.randomUUID(), call, store, fields, punchedAt: Date.now() };
      if (navigator.onLine) {
        try {
          await send(p);
          return { sent: true };
        } catch (e) {
          if (!(e instanceof ApiError && keepAfterFailure(e.status))) throw e;
        }
      }
      await queuePunch(p);
      await refresh();
      return { sent: false, queued: true };
    },
    [send, refresh],
  );

  return { punch, waiting, online, flush };
}
