import { useCallback, useEffect, useState } from 'react';
import { useApi } from '@/modules/auth/hooks/useApi';
import type { TicketList } from '../types/support';

/** How often an open list asks again (the spec's live list, newest change first). */
const REFRESH_MS = 30_000;

/** The caller's tickets (every ticket for support staff), newest change first, kept fresh. */
export function useTickets() {
  const api = useApi();
  const [data, setData] = useState<TicketList | null>(null);
  const [error, setError] = useState<unknown>(null);
  const reload = useCallback(() => {
    api
      .get<TicketList>('/tickets')
      .then((list) => {
        setData(list);
        setError(null);
      })
      .catch(setError);
  }, [api]);
  useEffect(() => {
    reload();
    const timer = window.setInterval(reload, REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [reload]);
  return { data, error, reload };
}
