import { useMemo } from 'react';
import { clientCount, sessionsByShift } from '../utils/sessions';
import { useBookedSessions } from './useBookedSessions';
import { useBookingAccess } from './useBookingAccess';

/**
 * The clients of the booked sessions in each shift of the board's range (`from`, `to` in epoch
 * ms): one read of the range while booking is on, kept live by the sessions' change events.
 */
export function useBookedShifts(from: number, to: number): ReadonlyMap<string, number> {
  const open = useBookingAccess();
  const range = useMemo(() => ({ from, to }), [from, to]);
  const { sessions } = useBookedSessions(range, open);
  return useMemo(() => {
    const counts = new Map<string, number>();
    const now = Date.now();
    for (const [shift, list] of sessionsByShift(sessions ?? [])) counts.set(shift, clientCount(list, now));
    return counts;
  }, [sessions]);
}
