import { describe, expect, it } from 'vitest';
import { codeFromScan, formatCode, formatDuration, keepAfterFailure, nextAction, punchBody, workedMs } from './clock';

const row = (id: string, assigned: string, start: number, attendance: string) =>
  ({ shift: { id, assigned, start }, attendance, session: null }) as never;

describe('clock', () => {
  it('shows codes in two groups of four', () => {
    expect(formatCode('abcd2345')).toBe('ABCD-2345');
    expect(formatCode('AB CD-23 45')).toBe('ABCD-2345');
    expect(formatCode('AB')).toBe('AB');
  });

  it('counts worked time without breaks, a running break until now', () => {
    const s = { start: 0, end: null, breaks: [{ start: 1000, end: 2000 }, { start: 5000, end: null }] };
    expect(workedMs(s, 6000)).toBe(4000);
    expect(workedMs({ ...s, end: 5500 }, 9999)).toBe(4000);
    expect(formatDuration(3_723_000)).toBe('1:02:03');
    expect(formatDuration(-5)).toBe('0:00:00');
  });

  it('completes open work first, else starts the earliest startable shift', () => {
    const shifts = [row('b', 'me', 200, 'upcoming'), row('a', 'me', 100, 'late'), row('c', 'you', 50, 'late'), row('d', 'me', 10, 'done')];
    expect(nextAction({ open: [], shifts }, 'me')).toEqual({ kind: 'start', shiftId: 'a' });
    const open = [{ employee: 'me', shift: 'x', proposedShift: null }] as never;
    expect(nextAction({ open, shifts }, 'me')).toEqual({ kind: 'complete', shiftId: 'x' });
    const proposal = [{ employee: 'me', shift: null, proposedShift: 'p' }] as never;
    expect(nextAction({ open: proposal, shifts }, 'me')).toEqual({ kind: 'completeProposal' });
    expect(nextAction({ open: [], shifts: [] }, 'me')).toEqual({ kind: 'none' });
  });

  it('sends a queued punch with its own time and the time of sending', () => {
    const body = punchBody({ punchId: 'p1', call: 'startShift', store: 's', fields: { shift: 'x' }, punchedAt: 10 }, 99);
    expect(body).toEqual({ shift: 'x', store: 's', punchId: 'p1', punchedAt: 10, sentAt: 99 });
  });

  it('keeps a punch only when the server was not reached', () => {
    expect(keepAfterFailure(0)).toBe(true);
    expect(keepAfterFailure(503)).toBe(true);
    expect(keepAfterFailure(400)).toBe(false);
    expect(keepAfterFailure(409)).toBe(false);
  });
});

describe('scanned codes', () => {
  it('reads the clock link or a bare code', () => {
    expect(codeFromScan('https://app.example.com/clock?store=s1&code=ABCD2345')).toEqual({ code: 'ABCD2345', store: 's1' });
    expect(codeFromScan(' abcd-2345 ')).toEqual({ code: 'abcd-2345', store: null });
    expect(codeFromScan('https://example.com/other')).toBeNull();
    expect(codeFromScan('hello world')).toBeNull();
  });
});
