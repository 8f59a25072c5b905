// Booking's API shapes, written from the contract until the generated schema has them.

/** A repeat frequency: daily, weekly, monthly, yearly. */
export type RepeatFrequency = 'd' | 'w' | 'm' | 'y';

/** How an event repeats. */
export interface RepeatPattern {
  frequency: RepeatFrequency;
  interval: number;
  /** 0 Sunday to 6 Saturday; daily and weekly only. */
  weekdays: number[];
  until?: string | null;
  count?: number | null;
}

/** An event's fields as a manager sends them. */
export interface EventInput {
  title: string;
  role: string;
  start: number;
  end: number;
  repeatPattern?: RepeatPattern | null;
  sessionDuration: number;
  capacity?: number;
  maxRoomsPerSession?: number;
  reservationWindowStart?: number;
  reservationWindowEnd?: number;
  allowEmployeeSelection?: boolean;
  url?: string | null;
}

/** A bookable event. */
export interface BookingEvent {
  id: string;
  title: string;
  role?: string | null;
  start: number;
  end: number;
  repeatPattern?: RepeatPattern | null;
  sessionDuration: number;
  capacity: number;
  maxRoomsPerSession: number;
  reservationWindowStart: number;
  reservationWindowEnd: number;
  allowEmployeeSelection: boolean;
  isActive: boolean;
  url: string;
  created: number;
  createdBy?: string | null;
}

/** A client's place in a session. */
export interface BookedPlace {
  id: string;
  client: string;
  name: string;
  email: string;
  phonenumber: string;
  status: number;
  state: string;
  note?: string | null;
  reason?: string | null;
  holdUntil?: number | null;
  timestamp: number;
}

/** A booked session. */
export interface BookedSession {
  id: string;
  event: string;
  title: string;
  assigned?: string | null;
  assignedName?: string | null;
  start: number;
  end: number;
  status: number;
  adjacentShift?: string | null;
  reason?: string | null;
  bookedClients: BookedPlace[];
}

/** A client's reservation as their links show it. */
export interface Reservation {
  event: string;
  title: string;
  store: string;
  timezone: string;
  start: number;
  end: number;
  /** The client's status: 1 confirmed, 2 pending, 3 and 4 cancelled, 5 moved. */
  status: number;
  /** The employee's name. */
  with?: string | null;
  /** The event's address, to book again. */
  url?: string | null;
}
