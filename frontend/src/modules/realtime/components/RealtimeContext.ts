import { createContext } from 'react';
import type { StoreSocket } from '../StoreSocket';

/** The socket of the signed-in user, joined to the current store. */
export const RealtimeContext = createContext<StoreSocket | null>(null);
