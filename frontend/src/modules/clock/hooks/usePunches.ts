import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '@/modules/api/ApiError';
import type { CallInput } from '@/modules/api/types';
import { useApi } from '@/modules/auth/hooks/useApi';
import { useMe } from '@/modules/auth/hooks/useMe';
import { keepAfterFailure, newPunchId, placeholderOf, punchBody, punchesOf, resolvePlaceholders, type QueuedPunch } from '../utils/clock';
import { forgetPunch, queuedPunches, queuePunch, updatePunch } from '../utils/punchQueue';

/** What became of a punch: sent and answered, or kept to send when the connection is back. */
export type PunchResult = { sent: true } | { sent: false; queued: true };

/** How often waiting punches are tried again while the browser thinks it is online. */
const RETRY_MS = 15_000;

/**
 * One flush at a time in this tab, whichever screen asks (the home card and the clock page
 * share the queue): a second caller waits for the running one and then flushes what is left.
 */
let flushing: Promise<unknown> = Promise.resolve();

/** A punch the server refused when it was sent from the queue. */
export interface Refusal {
  punch: QueuedPunch;
  error: unknown;
}

/**
 * Clock punches that survive a lost connection: each has an id and the device's time; when
 * the phone is offline (or the server cannot be reached) it waits in IndexedDB and is sent,
 * in order, once the connection is back (and every 15 s while some wait). The server applies
 * each punch id once, so sending one again is harmless. A refusal of a waiting punch drops it
 * and is handed to `onRefused`.
 */
export function usePunches(onSent: () => void, onRefused: (r: Refusal) => void = () => {}) {
  const api = useApi();
  const user = useMe()?.id ?? null;
  // This user's waiting punches, oldest first.
  const mine = useCallback(async () => punchesOf(await queuedPunches(), user), [user]);
  const [waiting, setWaiting] = useState<QueuedPunch[]>([]);
  const [online, setOnline] = useState(() => navigator.onLine);
  // The latest callbacks, so the flush and the listeners keep their identity.
  const callbacks = useRef({ onSent, onRefused });
  callbacks.current = { onSent, onRefused };

  const refresh = useCallback(async () => {
    const next = await mine();
    setWaiting(next);
    return next;
  }, [mine]);

  const send = useCallback(
    (p: QueuedPunch) => api.call(p.call, punchBody(p, Date.now()) as CallInput<typeof p.call>),
    [api],
  );

  const flushNow = useCallback(async () => {
    if (!navigator.onLine) return;
    const queue = await mine();
    if (queue.length === 0) return;
    // Ids the server gave to unscheduled work started offline, by their stand-ins.
    const known = new Map<string, string>();
    for (const queued of queue) {
      const p = { ...queued, fields: resolvePlaceholders(queued.fields, known) };
      try {
        const answer = (await send(p)) as { proposedShift?: { id?: string } | null };
        if (p.call === 'startProposedShift' && answer?.proposedShift?.id) {
          known.set(placeholderOf(p.punchId), answer.proposedShift.id);
        }
      } catch (e) {
        if (e instanceof ApiError && keepAfterFailure(e.status)) {
          // Keep what was learnt for the next try: the later punches name the real work.
          if (p.fields !== queued.fields) await updatePunch(p);
          break;
        }
        callbacks.current.onRefused({ punch: p, error: e });
      }
      await forgetPunch(p.punchId);
      // Later punches name the work by its real id from now on.
      if (known.size > 0) {
        for (const later of await mine()) {
          const fields = resolvePlaceholders(later.fields, known);
          if (fields !== later.fields) await updatePunch({ ...later, fields });
        }
      }
    }
  }, [send, mine]);

  const flush = useCallback(async () => {
    const run = flushing.then(flushNow, flushNow);
    flushing = run.catch(() => {});
    try {
      await run;
    } finally {
      await refresh();
      callbacks.current.onSent();
    }
  }, [flushNow, refresh]);

  useEffect(() => {
    void refresh().then((queue) => (queue.length > 0 ? flush() : undefined));
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

  // The browser can think it is online while the server is out of reach: try again now and then.
  const hasWaiting = waiting.length > 0;
  useEffect(() => {
    if (!hasWaiting) return;
    const id = setInterval(() => {
      if (navigator.onLine) void flush();
    }, RETRY_MS);
    return () => clearInterval(id);
  }, [hasWaiting, flush]);

  /**
   * Sends a punch now, or keeps it when there is no connection. A punch made while others
   * wait goes behind them, since the server takes an employee's punches in order. Rule
   * refusals of a punch sent at once throw.
   */
  const punch = useCallback(
    async (call: QueuedPunch['call'], store: string, fields: Record<string, unknown>): Promise<PunchResult> => {
      const p: QueuedPunch = { punchId: newPunchId(), call, store, fields, punchedAt: Date.now(), user: user ?? undefined };
      const earlier = await mine();
      if (navigator.onLine && earlier.length === 0) {
        try {
          await send(p);
          return { sent: true };
        } catch (e) {
          if (!(e instanceof ApiError && keepAfterFailure(e.status))) throw e;
        }
      }
      await queuePunch(p);
      await refresh();
      if (navigator.onLine && earlier.length > 0) {
        await flush();
        const left = await mine();
        if (!left.some((x) => x.punchId === p.punchId)) return { sent: true };
      }
      return { sent: false, queued: true };
    },
    [send, refresh, flush, mine, user],
  );

  return { punch, waiting, online, flush };
}
