import { useCallback, useEffect, useState } from 'react';
import { useApi } from '@/modules/auth/hooks/useApi';
import type { Ticket } from '../types/support';

/** One ticket with its thread; reading it as its user marks support's answer seen. */
export function useTicket(id: string | null) {
  const api = useApi();
  const [data, setData] = useState<Ticket | null>(null);
  const [error, setError] = useState<unknown>(null);
  const reload = useCallback(() => {
    if (!id) return;
    api
      .get<Ticket>(`/tickets/${encodeURIComponent(id)}`)
      .then((ticket) => {
        setData(ticket);
        setError(null);
      })
      .catch(setError);
  }, [api, id]);
  useEffect(reload, [reload]);
  return { data, setData, error, reload };
}
