import type { ClockSession } from './clock';
import { fromLocalInput, toLocalInput } from './time';

type Times = Pick<ClockSession, 'start' | 'end' | 'breaks'>;

/** One field a manager's correction changed, with its value before and after, as shown. */
export interface EditChange {
  field: 'start' | 'end' | 'breaks';
  from: string;
  to: string;
}

/**
 * A break as a manager edits it: `datetime-local` values in the store's zone (end may be
 * empty), and the instants it had, so a value left alone keeps its seconds.
 */
export interface BreakDraft {
  start: string;
  end: string;
  was?: { start: number; end: number | null };
}

/**
 * The instant of a `datetime-local` value: the one it had when the value is unchanged (the
 * input shows minutes, the clock keeps milliseconds), else the minute it names in `zone`.
 */
export function instantOf(value: string, was: number | null | undefined, zone: string): number {
  if (was != null && toLocalInput(was, zone) === value) return was;
  return fromLocalInput(value, zone);
}

function isTimes(v: unknown): v is Times {
  return typeof v === 'object' && v !== null && typeof (v as Times).start === 'number' && Array.isArray((v as Times).breaks);
}

/**
 * What an entry of a session's audit trail changed: start, end and breaks, each from what to
 * what, times shown by `show` (the store's zone). Entries whose sides are not sessions, or that
 * changed none of these, give nothing.
 */
export function describeEdit(before: unknown, after: unknown, show: (at: number) => string): EditChange[] {
  if (!isTimes(before) || !isTimes(after)) return [];
  const at = (v: number | null | undefined) => (v == null ? '…' : show(v));
  const breaks = (s: Times) => (s.breaks.length === 0 ? '—' : s.breaks.map((b) => `${at(b.start)}–${at(b.end)}`).join(', '));
  const changes: EditChange[] = [];
  if (before.start !== after.start) changes.push({ field: 'start', from: at(before.start), to: at(after.start) });
  if ((before.end ?? null) !== (after.end ?? null)) changes.push({ field: 'end', from: at(before.end), to: at(after.end) });
  const was = breaks(before);
  const is = breaks(after);
  if (was !== is) changes.push({ field: 'breaks', from: was, to: is });
  return changes;
}

/** A session's breaks as the edit dialog shows them. */
export function breakDrafts(session: Pick<ClockSession, 'breaks'>, zone: string): BreakDraft[] {
  return session.breaks.map((b) => ({
    start: toLocalInput(b.start, zone),
    end: b.end == null ? '' : toLocalInput(b.end, zone),
    was: { start: b.start, end: b.end ?? null },
  }));
}

/** The breaks to send from the dialog's rows, in order of start; rows without a start are left out. */
export function breaksOf(drafts: readonly BreakDraft[], zone: string): { start: number; end: number | null }[] {
  return drafts
    .filter((d) => d.start)
    .map((d) => ({ start: instantOf(d.start, d.was?.start, zone), end: d.end ? instantOf(d.end, d.was?.end, zone) : null }))
    .sort((a, b) => a.start - b.start);
}
