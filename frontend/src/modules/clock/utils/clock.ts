import type { CallInput, CallName } from '@/modules/api/types';
import type { components } from '@/modules/api/schema';
import { formatElapsed } from '@/modules/ui/utils/format';

type Schemas = components['schemas'];
export type ClockBoard = Schemas['ClockBoard'];
export type ClockSession = Schemas['ClockSessionView'];
export type AttendanceRow = Schemas['AttendanceRow'];
export type Proposal = Schemas['ProposalView'];
export type ClockSettings = Schemas['ClockSettings'];
export type Timesheet = Schemas['Timesheet'];

/** A clock code as shown and typed: two groups of four. */
export function formatCode(code: string): string {
  const clean = code.replace(/[\s-]/g, '').toUpperCase();
  return clean.length > 4 ? `${clean.slice(0, 4)}-${clean.slice(4)}` : clean;
}

/** Time worked in a session until `now` (ms): its span less its breaks. */
export function workedMs(session: Pick<ClockSession, 'start' | 'end' | 'breaks'>, now: number): number {
  const end = session.end ?? now;
  const breaks = session.breaks.reduce((sum, b) => sum + Math.max(0, Math.min(b.end ?? end, end) - b.start), 0);
  return Math.max(0, end - session.start - breaks);
}

/** `h:mm:ss` of a duration, in the digits of `locale`. */
export function formatDuration(ms: number, locale: string | undefined = 'en'): string {
  return formatElapsed(ms, locale);
}

/** What the big button does now. */
export type ClockAction =
  | { kind: 'start'; shiftId: string }
  | { kind: 'complete'; shiftId: string }
  | { kind: 'completeProposal' }
  | { kind: 'none' };

/**
 * The employee's next clock action: complete the work they are on the clock for, else start
 * the first of their shifts that can start now (upcoming or late).
 */
export function nextAction(board: Pick<ClockBoard, 'open' | 'shifts'>, employeeId: string): ClockAction {
  const open = board.open.find((s) => s.employee === employeeId);
  if (open?.shift) return { kind: 'complete', shiftId: open.shift };
  if (open?.proposedShift) return { kind: 'completeProposal' };
  const startable = board.shifts
    .filter((r) => r.shift.assigned === employeeId && (r.attendance === 'upcoming' || r.attendance === 'late'))
    .sort((a, b) => a.shift.start - b.shift.start);
  const first = startable[0];
  return first ? { kind: 'start', shiftId: first.shift.id } : { kind: 'none' };
}

/** A punch waiting to be sent: what the phone recorded when it had no connection. */
export interface QueuedPunch {
  punchId: string;
  call: Extract<CallName, 'startShift' | 'completeShift' | 'startBreak' | 'endBreak' | 'startProposedShift' | 'completeProposedShift' | 'startProposedShiftBreak' | 'endProposedShiftBreak' | 'clockOperation'>;
  store: string;
  /** The call's own fields (shift, title, token, location). */
  fields: Record<string, unknown>;
  /** When the punch was made, by this device's clock. */
  punchedAt: number;
  /** Who made it: only their own session sends it (a shared phone may change hands offline). */
  user?: string;
}

/**
 * The waiting punches `user` may send and see: their own, and those kept before punches named
 * their user. Another person's punches wait for that person to sign in again.
 */
export function punchesOf(all: readonly QueuedPunch[], user: string | null | undefined): QueuedPunch[] {
  if (!user) return [];
  return all.filter((p) => p.user === undefined || p.user === user);
}

/**
 * A random punch id (a version 4 UUID). `crypto.randomUUID` exists only in secure contexts
 * (https, localhost); a phone on the shop's network over plain http still has `getRandomValues`.
 */
export function newPunchId(source: Pick<Crypto, 'getRandomValues'> & { randomUUID?: () => string } = crypto): string {
  if (typeof source.randomUUID === 'function') return source.randomUUID();
  const b = source.getRandomValues(new Uint8Array(16));
  b[6] = ((b[6] ?? 0) & 0x0f) | 0x40;
  b[8] = ((b[8] ?? 0) & 0x3f) | 0x80;
  const h = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** The body of a queued punch, sent at `sentAt` by this device's clock. */
export function punchBody(p: QueuedPunch, sentAt: number): Record<string, unknown> {
  // The user is this phone's bookkeeping, not the call's.
  return { ...p.fields, store: p.store, punchId: p.punchId, punchedAt: p.punchedAt, sentAt };
}

/**
 * Whether a failed send should stay queued: when the server was not reached or could not
 * answer (network, 5xx, timeouts, rate limits), and when the sign-in lapsed (401), so a punch
 * survives signing in again. Any other answer is the server's word on the punch: it is dropped
 * and the refusal shown.
 */
export function keepAfterFailure(status: number): boolean {
  return status === 0 || status === 401 || status === 408 || status === 429 || status >= 500;
}

/** The stand-in id of the unscheduled work a waiting `startProposedShift` will open. */
export function placeholderOf(punchId: string): string {
  return `waiting-${punchId}`;
}

/** Whether an id is a stand-in for unscheduled work not yet on the server. */
export function isPlaceholder(id: unknown): boolean {
  return typeof id === 'string' && id.startsWith('waiting-');
}

/**
 * A waiting punch's fields with stand-in ids replaced by the ids the server gave meanwhile
 * (a break of unscheduled work started offline names the work once it exists).
 */
export function resolvePlaceholders(fields: Record<string, unknown>, known: ReadonlyMap<string, string>): Record<string, unknown> {
  const shift = fields.shift;
  if (typeof shift === 'string' && known.has(shift)) return { ...fields, shift: known.get(shift) };
  return fields;
}

/** A session the phone holds open on the strength of its waiting punches. */
function localSession(p: QueuedPunch, employee: string, shift: string | null, proposedShift: string | null): ClockSession {
  return {
    id: placeholderOf(p.punchId),
    store: p.store,
    employee,
    user: null,
    shift,
    proposedShift,
    status: 'ip',
    start: p.punchedAt,
    serverStart: p.punchedAt,
    end: null,
    breaks: [],
    locs: [],
    outside: false,
    lateSeconds: 0,
    earlySeconds: 0,
    driftMs: null,
    source: 'phone',
    timestamp: p.punchedAt,
  } as ClockSession;
}

/**
 * The board as this phone sees it once its waiting punches apply, in order: a clock-in made
 * offline shows as on the clock (with its timer from the tap), a break as a break, a clock-out
 * as done. So the next tap offers the next step, offline too. The server's word replaces this
 * view when the punches are sent.
 */
export function withWaiting(board: ClockBoard, waiting: readonly QueuedPunch[], employee: string): ClockBoard {
  if (waiting.length === 0) return board;
  let open = [...board.open];
  let shifts = [...board.shifts];
  let proposals = [...board.proposals];
  const mineIndex = () => open.findIndex((s) => s.employee === employee);
  const setAttendance = (shiftId: string | null, attendance: AttendanceRow['attendance']) => {
    if (shiftId) shifts = shifts.map((r) => (r.shift.id === shiftId ? { ...r, attendance } : r));
  };
  const update = (change: (s: ClockSession) => ClockSession) => {
    const i = mineIndex();
    if (i >= 0) open = open.map((s, j) => (j === i ? change(s) : s));
  };
  for (const p of waiting) {
    const f = p.fields;
    const i = mineIndex();
    const current = i >= 0 ? open[i] : undefined;
    let call = p.call;
    let shiftId = typeof f.shift === 'string' ? f.shift : null;
    if (call === 'clockOperation') {
      // The store clock's code starts the next shift or completes the open work.
      const next = nextAction({ open, shifts }, employee);
      if (next.kind === 'start') [call, shiftId] = ['startShift', next.shiftId];
      else if (next.kind === 'complete') [call, shiftId] = ['completeShift', next.shiftId];
      else if (next.kind === 'completeProposal') call = 'completeProposedShift';
      else continue;
    }
    switch (call) {
      case 'startShift':
        if (current || !shiftId) break;
        open = [...open, localSession(p, employee, shiftId, null)];
        setAttendance(shiftId, 'working');
        break;
      case 'startProposedShift': {
        if (current) break;
        const id = placeholderOf(p.punchId);
        open = [...open, localSession(p, employee, null, id)];
        const title = typeof f.title === 'string' ? f.title : '';
        const role = typeof f.role === 'string' ? f.role : null;
        proposals = [
          ...proposals,
          {
            id,
            store: p.store,
            employee,
            user: null,
            title,
            role,
            shift: null,
            start: p.punchedAt,
            end: null,
            progress: 'ip',
            status: 'p',
            decidedBy: null,
            decidedAt: null,
            timestamp: p.punchedAt,
          } satisfies Proposal,
        ];
        break;
      }
      case 'startBreak':
      case 'startProposedShiftBreak':
        update((s) => (s.status === 'p' ? s : { ...s, status: 'p', breaks: [...s.breaks, { start: p.punchedAt, end: null }] }));
        setAttendance(current?.shift ?? null, 'onBreak');
        break;
      case 'endBreak':
      case 'endProposedShiftBreak':
        update((s) => ({ ...s, status: 'ip', breaks: s.breaks.map((b) => (b.end == null ? { ...b, end: p.punchedAt } : b)) }));
        setAttendance(current?.shift ?? null, 'working');
        break;
      case 'completeShift':
      case 'completeProposedShift':
        if (!current) break;
        open = open.filter((_, j) => j !== i);
        setAttendance(current.shift, 'done');
        if (current.proposedShift) {
          proposals = proposals.map((x) => (x.id === current.proposedShift ? { ...x, progress: 'c', end: p.punchedAt } : x));
        }
        break;
    }
  }
  return { ...board, open, shifts, proposals };
}

/**
 * The code in what a camera read from the store clock's QR code: the clock link
 * (`/clock?store=…&code=…`) or the bare code. `null` for anything else.
 */
export function codeFromScan(text: string): { code: string; store: string | null } | null {
  const trimmed = text.trim();
  try {
    const url = new URL(trimmed);
    const code = url.searchParams.get('code');
    return code ? { code, store: url.searchParams.get('store') } : null;
  } catch {
    return /^[0-9A-Za-z]{4}-?[0-9A-Za-z]{4}$/.test(trimmed) ? { code: trimmed, store: null } : null;
  }
}

const STORE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * What the store's clock device sends to be authorised: the identity code as typed and, when
 * the device's link names its store (`/clocks?store=…`, from the store's clock settings), that
 * store, so the code is checked against that store's alone and wrong codes lock out only that
 * store from this device's address.
 */
export function deviceAuthorization(identity: string, store: string | null): CallInput<'authorizeBusinessClockInHashAccess'> {
  const code = identity.trim();
  return store && STORE_ID.test(store) ? { code, store } : { code };
}
