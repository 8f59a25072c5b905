import type { CallName } from '@/modules/api/types';
import type { components } from '@/modules/api/schema';

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

/** `h:mm:ss` of a duration. */
export function formatDuration(ms: number): string {
  const total = Math.floor(Math.max(0, ms) / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return `${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
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
}

/** The body of a queued punch, sent at `sentAt` by this device's clock. */
export function punchBody(p: QueuedPunch, sentAt: number): Record<string, unknown> {
  return { ...p.fields, store: p.store, punchId: p.punchId, punchedAt: p.punchedAt, sentAt };
}

/** Whether a failed send should stay queued: only when the server was not reached. */
export function keepAfterFailure(status: number): boolean {
  return status === 0 || status >= 500;
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
