/** The booking toggle waits this long after the last click before it asks the server. */
export const BOOKING_DEBOUNCE_MS = 300;
