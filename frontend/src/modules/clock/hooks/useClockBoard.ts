import { useLiveResource } from '@/modules/realtime/hooks/useLiveResource';
import { useCurrentStore } from '@/modules/stores/hooks/useCurrentStore';
import type { ClockBoard } from '../utils/clock';

/** Changes that move the clock board: sessions, proposals and the shifts they follow. */
const CLOCK_CHANGES = ['clock.', 'proposal.', 'shift.'] as const;

/** Who is on the clock now (the caller's own for employees), live. */
export function useClockBoard() {
  const { storeId } = useCurrentStore();
  return useLiveResource<ClockBoard>(storeId ? `/stores/${storeId}/clock` : null, CLOCK_CHANGES);
}
