import { useCallback, useEffect, useState } from 'react';
import type { CallInput } from '@/modules/api/types';
import { useApi } from '@/modules/auth/hooks/useApi';
import { CHANGE_TYPES } from '@/modules/realtime/events';
import { useChanges } from '@/modules/realtime/hooks/useChanges';
import { useCurrentStore } from '@/modules/stores/hooks/useCurrentStore';
import type { BookingEvent } from '@/modules/api/types';

/**
 * The store's bookable events (`getEvents`), kept live: another manager's new, changed or
 * deleted event shows at once (the events' change events).
 */
export function useEvents() {
  const api = useApi();
  const { storeId } = useCurrentStore();
  const [events, setEvents] = useState<BookingEvent[] | null>(null);
  const [error, setError] = useState<unknown>(null);

  const reload = useCallback(async () => {
    if (!storeId) return;
    try {
      // The document describes `getEvents`' own fields as an object without properties, which
      // the generated type reads as "no fields at all" beside the store's: the store is its only field.
      const { events: loaded } = await api.call('getEvents', { store: storeId } as CallInput<'getEvents'>);
      setEvents(loaded);
      setError(null);
    } catch (e) {
      setError(e);
    }
  }, [api, storeId]);

  useEffect(() => {
    void reload();
  }, [reload]);

  useChanges(
    (event) => {
      if (event.type === CHANGE_TYPES.bookingEventSaved) {
        const saved = event.data as BookingEvent;
        setEvents((list) => (list ? upsert(list, saved) : list));
      } else if (event.type === CHANGE_TYPES.bookingEventDeleted) {
        const { id } = event.data as { id: string };
        setEvents((list) => (list ? list.filter((e) => e.id !== id) : list));
      }
    },
    () => void reload(),
  );

  /** Shows an event as a call answered it, before its live event arrives. */
  const put = useCallback((saved: BookingEvent) => setEvents((list) => upsert(list ?? [], saved)), []);
  const drop = useCallback((id: string) => setEvents((list) => (list ? list.filter((e) => e.id !== id) : list)), []);

  return { events, error, loading: events === null && error === null, reload, put, drop };
}

function upsert(list: BookingEvent[], saved: BookingEvent): BookingEvent[] {
  return list.some((e) => e.id === saved.id) ? list.map((e) => (e.id === saved.id ? saved : e)) : [...list, saved];
}
