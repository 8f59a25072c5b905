import { createContext } from 'react';

/**
 * The board's shifts that hold booked sessions, with the clients who hold a place in them:
 * a card shows a marker and says the count in its name. Empty while booking is off.
 */
export const BookedShiftsContext = createContext<ReadonlyMap<string, number>>(new Map());
