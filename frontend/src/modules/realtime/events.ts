import type { Shift, ShiftId } from '@/modules/api/types';

/** Socket event names of the realtime contract. */
export const SOCKET_EVENTS = {
  join: 'join',
  leave: 'leave',
  change: 'change',
  call: 'call',
  presence: 'presence',
  notification: 'notification',
} as const;

/** Change types the app reacts to. */
export const CHANGE_TYPES = {
  shiftCreated: 'shift.created',
  shiftUpdated: 'shift.updated',
  shiftDeleted: 'shift.deleted',
  storeUpdated: 'store.updated',
  storePlan: 'store.plan',
  roleCreated: 'role.created',
  roleUpdated: 'role.updated',
  roleDeleted: 'role.deleted',
  bookingEventSaved: 'booking.event.saved',
  bookingEventDeleted: 'booking.event.deleted',
  bookingSession: 'booking.session',
  bookingSessionDeleted: 'booking.session.deleted',
} as const;

/** A committed change of a store, in version order. */
export interface ChangeEvent<T = unknown> {
  storeId: string;
  version: number;
  type: string;
  data: T;
  at: number;
}

/** The data of shift changes. */
export type ShiftChange =
  | ChangeEvent<Shift> & { type: 'shift.created' | 'shift.updated' }
  | ChangeEvent<{ id: ShiftId }> & { type: 'shift.deleted' };

/** `join` payload. */
export interface JoinPayload {
  storeId: string;
  since?: number;
}

/** `join` acknowledgement data. */
export interface JoinAck {
  version: number;
  resync?: boolean;
}

/** Presence sent by this client. */
export interface PresencePayload {
  storeId: string;
  viewing: boolean;
  editing: string | null;
}

/** One person looking at the store, as the server reports them. */
export interface PresenceUser {
  userId: string;
  name: string;
  editing: string | null;
}

/** Presence of a store. */
export interface PresenceEvent {
  storeId: string;
  users: PresenceUser[];
}

/** A notification for the signed-in user. */
export interface NotificationEvent {
  id?: string;
  title?: string;
  content?: string;
  type?: string;
  variant?: number;
}
