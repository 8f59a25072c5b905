import type { components, operations, paths } from './schema';

// Every type here is a name for a part of the generated `schema.ts` (from `openapi.json`,
// the server's own description): the app writes no API shape by hand.

type Schemas = components['schemas'];

// ---------------------------------------------------------------------------------------
// Calls: `POST /api/v1/<name>`, over HTTP or the socket's `call`

/** The paths of the named calls. */
type CallPath = { [P in keyof paths]: paths[P]['post'] extends undefined ? never : P }[keyof paths];

/** The name of a call path (`/api/v1/login` -> `login`). */
type NameOf<P> = P extends `/api/v1/${infer N}` ? N : never;

/** The name of every call the server has, which is also its operation id. */
export type CallName = Extract<NameOf<CallPath>, keyof operations>;

/** What a call takes: its own fields, and `store` for calls that act on a store. */
export type CallInput<N extends CallName> = operations[N]['requestBody'] extends {
  content: { 'application/json': infer Body };
}
  ? Body
  : never;

/** What a call answers: the `data` of its `{data}` envelope. */
export type CallOutput<N extends CallName> = operations[N]['responses'][200]['content']['application/json']['data'];

/** The store a call acts on (`store`; the server also reads `storeId`). */
export type StoreTarget = Schemas['StoreTarget'];

/** The body of every failed call. */
export type ErrorBody = Schemas['ErrorBody'];

// ---------------------------------------------------------------------------------------
// Accounts

/** The signed-in user with the stores they belong to (`GET /api/v1/me`). */
export type Me = Schemas['Me'];
/** A user as the API shows it. */
export type User = Schemas['UserView'];
/** One store membership of the signed-in user. */
export type Membership = Schemas['MembershipView'];
/** The answer of `signup` and `login`: the bearer token and the user. */
export type Session = Schemas['Session'];
/** The fields of `signup`. */
export type SignupInput = Schemas['Signup'];
/** The ways of signing in the server offers besides the password (`GET /api/v1/auth/methods`). */
export type SignInMethods = Schemas['SignInMethods'];
/** What a Google sign-in's one-time code leads to: a session, or the prompt to link an account. */
export type GoogleSignIn = CallOutput<'finishGoogleSignIn'>;
/** An account of an OpenID provider (Google) linked to the signed-in one. */
export type LinkedAccount = Schemas['LinkedAccount'];
/** Who in a store sees a personal field: everyone, managers only, or only the person. */
export type Visibility = Schemas['Visibility'];
/** A person's choices of who sees their phone number and birthday. */
export type Privacy = Schemas['Privacy'];

// ---------------------------------------------------------------------------------------
// Stores and teams

/** A store with its roles and the caller's record (`GET /api/v1/stores/{id}`). */
export type StoreDetail = Schemas['StoreDetail'];
export type Store = Schemas['StoreView'];
export type Role = Schemas['RoleView'];
export type Employee = Schemas['EmployeeView'];
export type RoleData = Schemas['RoleData'];
export type InviteData = Schemas['InviteData'];
export type EmployeePatch = Schemas['EmployeePatch'];
export type WageType = Schemas['WageType'];
export type BusinessKind = Schemas['BusinessKind'];
export type Permission = Schemas['Permission'];
/** The permissions a manager can hand out (`owner` is the store owner's alone). */
export type GrantablePermission = Schemas['GrantablePermission'];

// ---------------------------------------------------------------------------------------
// Shifts

/** A shift as every call and event shows it. Instants are epoch ms. */
export type Shift = Schemas['ShiftView'];
/** What `autoAssignment` proposes: who takes each open draft, and the ones left open. */
export type AutoAssignment = Schemas['AutoAssignment'];
export type ProposedAssignment = Schemas['ProposedAssignment'];
/** Why auto-assign left a shift open. */
export type UnfilledReason = Schemas['Reason'];
/** Status of a shift. */
export type ShiftStatus = Shift['status'];
/** Progress of a shift: not started, in progress, paused, completed, missed. */
export type ShiftProgress = Shift['progress'];
/** A shift's id. */
export type ShiftId = Schemas['ShiftId'];
/** `createShift` fields (besides the store). */
export type CreateShiftInput = Schemas['CreateShift'];
/** The answer of `createShift`: the new shifts and warnings about them. */
export type CreatedShifts = Schemas['CreatedShifts'];
/** A warning answered with created shifts. */
export type ShiftWarning = Schemas['ShiftWarning'];
/** `updateShift` fields. */
export type ShiftPatch = Schemas['UpdatedShift'];

// ---------------------------------------------------------------------------------------
// Requests, the pool and availability

/** Status of a request (time off or drop). */
export type RequestStatus = Schemas['RequestStatus'];
/** A time-off or drop-shift request. Instants are epoch ms. */
export type ShiftRequest = Schemas['RequestView'];
/** One entry of the shift pool: a drop request with its shift, or an open shift. */
export type PoolEntry = Schemas['PoolEntry'];
/** A shift approving a time-off request would open, as `checkApproveTimeoff` lists it. */
export type AffectedShift = Schemas['AffectedShift'];
/** A weekly availability window; times are local `HH:mm`, days 0 = Sunday. */
export type AvailabilityWindow = Schemas['AvailabilityView'];
/** The fields of an availability window as calls take them. */
export type AvailabilityInput = Schemas['AvailabilityInput'];
/** The fields of `requestTimeOff`. */
export type TimeOffInput = Schemas['TimeOffFields'];

// ---------------------------------------------------------------------------------------
// Notifications

/** A notification; `accessFor` is the reader's user id or `"public"`. */
export type AppNotification = Schemas['NotificationView'];

/** `GET /stores/{id}/notifications`. */
export type NotificationLists = Schemas['NotificationList'];

// ---------------------------------------------------------------------------------------
// Templates

/** A shift, weekly or daily template (`GET /api/v1/stores/{id}/templates`). */
export type Template = Schemas['TemplateView'];
/** One shift of a template, in local times: a day of the template and "HH:mm" times. */
export type TemplateShift = Schemas['TemplateShift'];
/** shift, weekly or daily. */
export type TemplateKind = Template['type'];
/** One bucket of a template's load check: an employee and the shifts that break one rule. */
export type TemplateCheckEntry = Schemas['CheckEntry'];
/** What loading a template made, and what it did not. */
export type LoadedTemplate = Schemas['LoadedTemplate'];

// ---------------------------------------------------------------------------------------
// Client booking

/** A bookable event. Instants are epoch ms; windows are minutes. */
export type BookingEvent = Schemas['EventView'];
/** An event's fields as `addEvent` and `updateEvent` take them. */
export type EventInput = Schemas['EventInput'];
/** How an event repeats. */
export type RepeatPattern = Schemas['RepeatView'];
/** A repeat's frequency: daily, weekly, monthly, yearly. */
export type RepeatFrequency = Schemas['Frequency'];
/** A booked session with its clients' places; `status` is the spec's number (1 confirmed, 2 dropped, 3 pending, 4 cancelled). */
export type BookedSession = Schemas['SessionView'];
/** A client's place in a session. */
export type BookedPlace = Schemas['PlaceView'];
/** How a client's place is shown (upcoming, finished, cancelled ...). */
export type PlaceState = Schemas['Shown'];
/** An event as its public page shows it, with its store. */
export type PublicEvent = Schemas['PublicEvent'];
/** A session time of a day, with its free places. */
export type BookingSlot = Schemas['Slot'];
/** A client's reservation as their links show it. */
export type Reservation = Schemas['ClientReservation'];
