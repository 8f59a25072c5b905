import { useCallback, useEffect, useState } from 'react';
import { useApi } from '@/modules/auth/hooks/useApi';
import { CHANGE_TYPES } from '@/modules/realtime/events';
import { useChanges } from '@/modules/realtime/hooks/useChanges';
import { useCurrentStore } from '@/modules/stores/hooks/useCurrentStore';
import type { BookedSession } from '@/modules/api/types';
import { replaceSession } from '../utils/sessions';

/**
 * The store's booked sessions between `from` and `to` (one read), kept live: a
 * session's change event puts the session as it now is in its place (or adds it when it falls
 * in the window), a deleted session's event takes it out, a resync reads again. `enabled`
 * false reads nothing (booking is off).
 */
export function useBookedSessions(window: { from: number; to: number } | null, enabled = true) {
  const api = useApi();
  const { storeId } = useCurrentStore();
  const [sessions, setSessions] = useState<BookedSession[] | null>(null);
  const [error, setError] = useState<unknown>(null);
  const from = window?.from ?? null;
  const to = window?.to ?? null;
  const on = enabled && !!storeId && from !== null && to !== null;

  const reload = useCallback(async () => {
    if (!on || !storeId || from === null || to === null) return;
    try {
      const answer = await api.get<{ sessions: BookedSession[] }>(`/stores/${storeId}/booking/sessions`, { from, to });
      setSessions(answer.sessions);
      setError(null);
    } catch (e) {
      setError(e);
    }
  }, [api, storeId, from, to, on]);

  useEffect(() => {
    if (!on) setSessions(null);
    void reload();
  }, [reload, on]);

  useChanges(
    (event) => {
      if (!on) return;
      if (event.type === CHANGE_TYPES.bookingSession) {
        const s = event.data as BookedSession;
        const inWindow = from !== null && to !== null && s.end >= from && s.start <= to;
        setSessions((list) => {
          if (!list) return list;
          if (list.some((x) => x.id === s.id) || inWindow) return replaceSession(list, s);
          return list;
        });
      } else if (event.type === CHANGE_TYPES.bookingSessionDeleted) {
        const { id } = event.data as { id: string };
        setSessions((list) => (list ? list.filter((x) => x.id !== id) : list));
      }
    },
    () => void reload(),
  );

  /** Shows a session as a call answered it, before its live event arrives. */
  const put = useCallback((s: BookedSession) => setSessions((list) => (list ? replaceSession(list, s) : list)), []);
  const drop = useCallback((id: string) => setSessions((list) => (list ? list.filter((x) => x.id !== id) : list)), []);

  return { sessions, error, loading: on && sessions === null && error === null, reload, put, drop };
}
