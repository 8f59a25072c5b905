import { TZDate } from '@date-fns/tz';
import { clockTime, dayKey } from '@/modules/schedule/utils/calendar';
import type { BookingEvent, EventInput, RepeatFrequency, RepeatPattern } from '@/modules/api/types';

/** The fields of a checked form, as `addEvent` and `updateEvent` take them: every required one set. */
export type EventPayload = EventInput & { title: string; role: string; start: number; end: number; sessionDuration: number };

/** The session lengths the spec allows, in minutes. */
export const DURATIONS = [15, 30, 45, 60] as const;

/** How an event repeats, as the form offers it: not at all, or by a frequency. */
export const REPEATS = ['none', 'd', 'w', 'm', 'y'] as const;
export type RepeatChoice = (typeof REPEATS)[number];

/** How a repeat ends: never (within the booking window), on a date, or after a number of times. */
export const REPEAT_ENDS = ['never', 'until', 'count'] as const;
export type RepeatEnd = (typeof REPEAT_ENDS)[number];

/** The unit the closing time before a session is typed in. */
export const CLOSE_UNITS = ['minutes', 'hours'] as const;
export type CloseUnit = (typeof CLOSE_UNITS)[number];

/** The server's limits (`domain::booking::event`). */
export const LIMITS = {
  titleMax: 120,
  capacityMax: 500,
  roomsMax: 50,
  intervalMax: 99,
  countMax: 1000,
  /** Bookings open at most a year (366 days) ahead. */
  opensDaysMax: 366,
  /** Bookings close at most a week before a session. */
  closesMinutesMax: 7 * 24 * 60,
} as const;

const MINUTES_PER_DAY = 24 * 60;

/** An event as the step-by-step form edits it: text the fields hold, in the store's zone. */
export interface EventForm {
  title: string;
  /** Role id, `''` until chosen. */
  role: string;
  /** The first day, `YYYY-MM-DD` in the store's zone. */
  date: string;
  /** The first session's start and the last session's end, `HH:mm`. */
  start: string;
  end: string;
  /** Minutes, `''` until chosen. */
  duration: string;
  repeat: RepeatChoice;
  interval: string;
  /** 0 Sunday to 6 Saturday, for daily and weekly repeats. */
  weekdays: number[];
  ends: RepeatEnd;
  until: string;
  count: string;
  capacity: string;
  rooms: string;
  /** Days ahead bookings open. */
  opensDays: string;
  /** How long before a session bookings close, in `closesUnit`. */
  closesBefore: string;
  closesUnit: CloseUnit;
  allowEmployeeSelection: boolean;
  /** The public address's last part; empty lets the server make one from the title. */
  url: string;
}

/** The form's fields, each in the step that shows it. */
export type EventField = keyof EventForm;

/** The steps of the form, in order. */
export const STEPS = ['details', 'time', 'options', 'confirm'] as const;
export type EventStep = (typeof STEPS)[number];

/** Which step shows each field that can fail (where a server's refusal sends the manager). */
export const FIELD_STEP: Partial<Record<EventField, EventStep>> = {
  title: 'details',
  role: 'details',
  url: 'details',
  date: 'time',
  start: 'time',
  end: 'time',
  duration: 'time',
  interval: 'time',
  weekdays: 'time',
  until: 'time',
  count: 'time',
  capacity: 'options',
  rooms: 'options',
  opensDays: 'options',
  closesBefore: 'options',
};

/** A new event's form: today, 09:00 to 17:00, 30-minute sessions, one client, bookings a month ahead. */
export function emptyForm(now: number, zone: string): EventForm {
  return {
    title: '',
    role: '',
    date: dayKey(now, zone),
    start: '09:00',
    end: '17:00',
    duration: '30',
    repeat: 'none',
    interval: '1',
    weekdays: [],
    ends: 'never',
    until: '',
    count: '',
    capacity: '1',
    rooms: '1',
    opensDays: '30',
    closesBefore: '0',
    closesUnit: 'hours',
    allowEmployeeSelection: false,
    url: '',
  };
}

/** The form of an existing event. */
export function formOfEvent(event: BookingEvent, zone: string): EventForm {
  const repeat = event.repeatPattern ?? null;
  const closes = event.reservationWindowEnd;
  const inHours = closes % 60 === 0;
  return {
    title: event.title,
    role: event.role ?? '',
    date: dayKey(event.start, zone),
    start: clockTime(event.start, zone),
    end: clockTime(event.end, zone),
    duration: String(event.sessionDuration),
    repeat: repeat ? repeat.frequency : 'none',
    interval: String(repeat?.interval ?? 1),
    weekdays: repeat?.weekdays ?? [],
    ends: repeat?.until ? 'until' : repeat?.count ? 'count' : 'never',
    until: repeat?.until ?? '',
    count: repeat?.count ? String(repeat.count) : '',
    capacity: String(event.capacity),
    rooms: String(event.maxRoomsPerSession),
    // Minutes the server keeps, shown in whole days (rounded up: a window never shrinks by a save).
    opensDays: String(Math.max(1, Math.ceil(event.reservationWindowStart / MINUTES_PER_DAY))),
    closesBefore: String(inHours ? closes / 60 : closes),
    closesUnit: inHours ? 'hours' : 'minutes',
    allowEmployeeSelection: event.allowEmployeeSelection,
    url: event.url,
  };
}

/** Local midnight of the `YYYY-MM-DD` date in `zone`, or null for text that is not a date. */
export function dateStart(date: string, zone: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) return null;
  const t = new TZDate(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 0, 0, 0, 0, zone).getTime();
  return Number.isFinite(t) ? t : null;
}

/** The instant of `hhmm` on `date` in `zone` (the zone's rules place it, not hours added to midnight). */
export function wallInstant(date: string, hhmm: string, zone: string): number | null {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const c = /^(\d{2}):(\d{2})$/.exec(hhmm);
  if (!d || !c) return null;
  const t = new TZDate(Number(d[1]), Number(d[2]) - 1, Number(d[3]), Number(c[1]), Number(c[2]), 0, 0, zone).getTime();
  return Number.isFinite(t) ? t : null;
}

const minutesOf = (hhmm: string): number | null => {
  const m = /^(\d{2}):(\d{2})$/.exec(hhmm);
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
};

/** A whole number typed in a field, or null. */
function whole(text: string): number | null {
  const t = text.trim();
  return /^\d+$/.test(t) ? Number(t) : null;
}

/** Minutes before a session that bookings close, from the form's amount and unit. */
export function closesMinutes(form: Pick<EventForm, 'closesBefore' | 'closesUnit'>): number | null {
  const n = whole(form.closesBefore || '0');
  if (n === null) return null;
  return form.closesUnit === 'hours' ? n * 60 : n;
}

/**
 * The repeat pattern the form describes, or null for a single day. Weekdays go with daily and
 * weekly repeats only; a repeat ends on a date or after a number of times, never both.
 */
export function repeatPattern(form: EventForm): RepeatPattern | null {
  if (form.repeat === 'none') return null;
  const frequency: RepeatFrequency = form.repeat;
  const pattern: RepeatPattern = {
    frequency,
    interval: whole(form.interval) ?? 1,
    weekdays: frequency === 'd' || frequency === 'w' ? [...new Set(form.weekdays)].sort((a, b) => a - b) : [],
  };
  if (form.ends === 'until' && form.until) pattern.until = form.until;
  if (form.ends === 'count') pattern.count = whole(form.count) ?? undefined;
  return pattern;
}

/** The slug rule of the server: 3 to 64 lower-case letters, digits and inner hyphens. */
export const SLUG = /^[a-z0-9](?:[a-z0-9-]{1,62})[a-z0-9]$/;

/**
 * What is wrong with the fields of `step` (all steps when none), as catalogue keys by field:
 * the spec's texts ("Title is required.", "Duration is required.", start before end ...).
 */
export function stepErrors(form: EventForm, step?: EventStep): Partial<Record<EventField, string>> {
  const errors: Partial<Record<EventField, string>> = {};
  const wants = (s: EventStep) => step === undefined || step === s || step === 'confirm';
  if (wants('details')) {
    if (!form.title.trim()) errors.title = 'booking.validation.titleRequired';
    else if (form.title.trim().length > LIMITS.titleMax) errors.title = 'booking.validation.titleTooLong';
    if (!form.role) errors.role = 'booking.validation.roleRequired';
    if (form.url.trim() && !SLUG.test(form.url.trim())) errors.url = 'booking.validation.url';
  }
  if (wants('time')) {
    const start = minutesOf(form.start);
    const end = minutesOf(form.end);
    if (dateStart(form.date, 'UTC') === null) errors.date = 'booking.validation.dateRequired';
    if (start === null) errors.start = 'booking.validation.startRequired';
    if (end === null) errors.end = 'booking.validation.endRequired';
    else if (start !== null && end <= start) errors.end = 'booking.validation.startBeforeEnd';
    const duration = whole(form.duration);
    if (!form.duration) errors.duration = 'booking.validation.durationRequired';
    else if (duration === null || !(DURATIONS as readonly number[]).includes(duration)) errors.duration = 'booking.validation.duration';
    else if (start !== null && end !== null && end > start && end - start < duration) errors.end = 'booking.validation.windowTooShort';
    if (form.repeat !== 'none') {
      const interval = whole(form.interval);
      if (interval === null || interval < 1 || interval > LIMITS.intervalMax) errors.interval = 'booking.validation.interval';
      if (form.ends === 'until') {
        if (!form.until) errors.until = 'booking.validation.untilRequired';
        else if (form.until < form.date) errors.until = 'booking.validation.untilAfterStart';
      }
      if (form.ends === 'count') {
        const count = whole(form.count);
        if (count === null || count < 1 || count > LIMITS.countMax) errors.count = 'booking.validation.count';
      }
    }
  }
  if (wants('options')) {
    const capacity = whole(form.capacity);
    if (capacity === null || capacity < 1 || capacity > LIMITS.capacityMax) errors.capacity = 'booking.validation.capacity';
    const rooms = whole(form.rooms);
    if (rooms === null || rooms < 1 || rooms > LIMITS.roomsMax) errors.rooms = 'booking.validation.rooms';
    const opens = whole(form.opensDays);
    if (opens === null || opens < 1 || opens > LIMITS.opensDaysMax) errors.opensDays = 'booking.validation.opens';
    const closes = closesMinutes(form);
    if (closes === null || closes > LIMITS.closesMinutesMax) errors.closesBefore = 'booking.validation.closes';
    else if (opens !== null && closes >= opens * MINUTES_PER_DAY) errors.closesBefore = 'booking.validation.closesBeforeOpens';
  }
  return errors;
}

/** The first step with a failing field, or null when the form may be sent. */
export function firstFailingStep(form: EventForm): EventStep | null {
  const errors = stepErrors(form);
  for (const s of STEPS) {
    if (Object.keys(errors).some((f) => FIELD_STEP[f as EventField] === s)) return s;
  }
  return null;
}

/** The `addEvent` / `updateEvent` fields of a valid form, its times placed in the store's `zone`. */
export function eventInput(form: EventForm, zone: string): EventPayload {
  const start = wallInstant(form.date, form.start, zone);
  const end = wallInstant(form.date, form.end, zone);
  if (start === null || end === null) throw new Error('eventInput of an invalid form');
  const url = form.url.trim().toLowerCase();
  return {
    title: form.title.trim(),
    role: form.role,
    start,
    end,
    repeatPattern: repeatPattern(form),
    sessionDuration: Number(form.duration),
    capacity: Number(form.capacity),
    maxRoomsPerSession: Number(form.rooms),
    reservationWindowStart: Number(form.opensDays) * MINUTES_PER_DAY,
    reservationWindowEnd: closesMinutes(form) ?? 0,
    allowEmployeeSelection: form.allowEmployeeSelection,
    ...(url ? { url } : {}),
  };
}

/**
 * An event's fields as `updateEvent` takes them again, unchanged (enabling and disabling send
 * them all with the new state): straight from the event, not through the form's days and hours.
 */
export function inputOfEvent(event: BookingEvent): EventPayload {
  return {
    title: event.title,
    role: event.role ?? '',
    start: event.start,
    end: event.end,
    repeatPattern: event.repeatPattern ?? null,
    sessionDuration: event.sessionDuration,
    capacity: event.capacity,
    maxRoomsPerSession: event.maxRoomsPerSession,
    reservationWindowStart: event.reservationWindowStart,
    reservationWindowEnd: event.reservationWindowEnd,
    allowEmployeeSelection: event.allowEmployeeSelection,
    url: event.url,
  };
}

/** The form field a server's refusal names (`details.field`), when the form has it. */
export function fieldOfServer(field: unknown): EventField | null {
  switch (field) {
    case 'title':
    case 'role':
    case 'url':
    case 'capacity':
      return field;
    case 'start':
      return 'start';
    case 'end':
      return 'end';
    case 'sessionDuration':
      return 'duration';
    case 'maxRoomsPerSession':
      return 'rooms';
    case 'reservationWindowStart':
      return 'opensDays';
    case 'reservationWindowEnd':
      return 'closesBefore';
    case 'repeatPattern':
      return 'interval';
    default:
      return null;
  }
}

/** The weekday numbers of the week starting on `weekStart` (0 Sunday). */
export function weekdaysFrom(weekStart: number): number[] {
  return Array.from({ length: 7 }, (_, n) => (weekStart + n) % 7);
}
