import type { components } from './schema';

type Schemas = components['schemas'];

/** The signed-in user with the stores they belong to (`GET /api/v1/me`). */
export type Me = Schemas['Me'];
/** A user as the API shows it. */
export type User = Schemas['UserView'];
/** One store membership of the signed-in user. */
export type Membership = Schemas['MembershipView'];
/** A store with its roles and the caller's record (`GET /api/v1/stores/{id}`). */
export type StoreDetail = Schemas['StoreDetail'];
export type Store = Schemas['StoreView'];
export type Role = Schemas['RoleView'];
export type Employee = Schemas['EmployeeView'];
export type RoleData = Schemas['RoleData'];
export type InviteData = Schemas['InviteData'];
export type EmployeePatch = Schemas['EmployeePatch'];
export type WageType = Schemas['WageType'];

/** The body of every failed call. */
export interface ErrorBody {
  message: string;
  code: string;
  details?: unknown;
}

/** `{data}` on success, the error body otherwise: the answer of an HTTP call or a socket ack. */
export type Envelope<T> = { data: T } | ErrorBody;

/** Status of a shift. */
export type ShiftStatus =
  | 'draft'
  | 'published'
  | 'confirmed'
  | 'dropped'
  | 'declined'
  | 'rejected'
  | 'cancelled';

/** Progress of a shift: not started, in progress, paused, completed, missed. */
export type ShiftProgress = 'ns' | 'ip' | 'p' | 'c' | 'm';

/** A shift as every call and event shows it. Instants are epoch ms. */
export interface Shift {
  id: string;
  storeId: string;
  title: string;
  start: number;
  end: number;
  status: ShiftStatus;
  progress: ShiftProgress;
  /** Employee record id; `null` for an open shift. */
  assigned: string | null;
  assigneeEmail: string | null;
  role: string | null;
  oe: boolean;
  tasks: unknown[];
  rate: number | null;
  cancelReason: string | null;
  /** Bumps on every change; sent back with edits for optimistic concurrency. */
  version: number;
  timestamp: number;
  modified: number;
}

/** `createShift` payload. */
export interface CreateShiftInput {
  storeId: string;
  title: string;
  start: number;
  end: number;
  role: string;
  assigned?: string | null;
  assigneeEmail?: string | null;
  /** Start times of further copies with the same duration. */
  repeat?: number[];
  oe?: boolean;
}

/** A warning answered with created shifts. */
export interface ShiftWarning {
  code: 'long_shift';
  minutes: number;
}

/** `updateShift` fields. */
export interface ShiftPatch {
  title?: string;
  start?: number;
  end?: number;
  role?: string | null;
  assigned?: string | null;
  oe?: boolean;
  version?: number;
}

/** Status of a request (time off or drop). */
export type RequestStatus = 'pending' | 'grabbed' | 'accepted' | 'denied' | 'cancelled';

/** A time-off or drop-shift request. Instants are epoch ms. */
export interface ShiftRequest {
  id: string;
  storeId: string;
  type: 'timeoff' | 'dropshift';
  user: string | null;
  employeeId: string;
  employeeName: string | null;
  status: RequestStatus;
  start: number | null;
  end: number | null;
  entireDay: boolean;
  description: string | null;
  response: string | null;
  /** Local dates (`YYYY-MM-DD`) the time off touches. */
  coveringDates: string[];
  shift: string | null;
  grabbedBy: string | null;
  timestamp: number;
  modified: number;
}

/** One entry of the shift pool: a drop request with its shift, or an open shift. */
export interface PoolEntry {
  request: ShiftRequest | null;
  shift: Shift;
}

/** A weekly availability window; times are local `HH:mm`, days 0 = Sunday. */
export interface AvailabilityWindow {
  id: string;
  storeId: string;
  employeeId: string;
  userId: string | null;
  days: number[];
  start: string;
  end: string;
  allDay: boolean;
  reason: string | null;
  type: string | null;
  status: string | null;
}

/** A notification; `accessFor` is the reader's user id or `"public"`. */
export interface AppNotification {
  id: string;
  storeId: string;
  title: string;
  content: string;
  seen: boolean;
  type: string;
  /** 1 success, 2 warning, 3 error, 4 info. */
  variant: number;
  accessFor: string;
  shift: string | null;
  timestamp: number;
}

/** `GET /stores/{id}/notifications`. */
export interface NotificationLists {
  private: AppNotification[];
  public: AppNotification[];
}
