import { useCallback, useEffect, useState } from 'react';
import type { Reservation } from '@/modules/api/types';
import { usePublicApi } from './usePublicApi';

/** A client's reservation read by the token of their link (`getReservation`). */
export function useReservation(token: string) {
  const api = usePublicApi();
  const [reservation, setReservation] = useState<Reservation | null>(null);
  const [error, setError] = useState<unknown>(null);

  useEffect(() => {
    let live = true;
    api
      .call('getReservation', { token })
      .then((r) => live && setReservation(r))
      .catch((e: unknown) => live && setError(e));
    return () => {
      live = false;
    };
  }, [api, token]);

  const replace = useCallback((r: Reservation) => {
    setReservation(r);
    setError(null);
  }, []);

  return { api, reservation, error, replace };
}
