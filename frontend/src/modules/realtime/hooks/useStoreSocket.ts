import { useContext } from 'react';
import { RealtimeContext } from '../components/RealtimeContext';
import type { StoreSocket } from '../StoreSocket';

/** The realtime connection, `null` while signed out. */
export function useStoreSocket(): StoreSocket | null {
  return useContext(RealtimeContext);
}
