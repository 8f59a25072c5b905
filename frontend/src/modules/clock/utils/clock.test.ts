import { describe, expect, it } from 'vitest';
import { codeFromScan, deviceAuthorization, formatCode, formatDuration, keepAfterFailure, newPunchId, nextAction, placeholderOf, punchBody, punchesOf, resolvePlaceholders, withWaiting, workedMs, type ClockBoard, type QueuedPunch } from './clock';

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

  it('makes punch ids that are UUIDs, without randomUUID outside a secure context too', () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    expect(newPunchId()).toMatch(uuid);
    const insecure = { getRandomValues: <T extends ArrayBufferView | null>(a: T) => crypto.getRandomValues(a as never) as T };
    const ids = new Set(Array.from({ length: 50 }, () => newPunchId(insecure)));
    expect(ids.size).toBe(50);
    for (const id of ids) expect(id).toMatch(uuid);
  });

  it('sends a queued punch with its own time and the time of sending', () => {
    const body = punchBody({ punchId: 'p1', call: 'startShift', store: 's', fields: { shift: 'x' }, punchedAt: 10 }, 99);
    expect(body).toEqual({ shift: 'x', store: 's', punchId: 'p1', punchedAt: 10, sentAt: 99 });
  });

  it('keeps a punch when the server was not reached or the sign-in lapsed, drops it on a refusal', () => {
    expect(keepAfterFailure(0)).toBe(true);
    expect(keepAfterFailure(503)).toBe(true);
    expect(keepAfterFailure(401)).toBe(true);
    expect(keepAfterFailure(429)).toBe(true);
    expect(keepAfterFailure(400)).toBe(false);
    expect(keepAfterFailure(403)).toBe(false);
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

describe('waiting punches on the board', () => {
  const board = (shifts: unknown[] = []) => ({ now: 0, settings: {}, open: [], shifts, proposals: [] }) as unknown as ClockBoard;
  let n = 0;
  const punch = (call: QueuedPunch['call'], punchedAt: number, fields: Record<string, unknown> = {}): QueuedPunch => ({
    punchId: `p${++n}`,
    call,
    store: 's',
    fields,
    punchedAt,
  });

  it('shows an offline clock-in as on the clock from the tap, then a break, then done', () => {
    const b = board([row('x', 'me', 100, 'late')]);
    const start = punch('startShift', 1000, { shift: 'x' });
    const on = withWaiting(b, [start], 'me');
    expect(on.open).toHaveLength(1);
    expect(on.open[0]).toMatchObject({ employee: 'me', shift: 'x', start: 1000, status: 'ip' });
    expect(on.shifts[0]?.attendance).toBe('working');
    expect(nextAction(on, 'me')).toEqual({ kind: 'complete', shiftId: 'x' });

    const pause = punch('startBreak', 2000, { shift: 'x' });
    const paused = withWaiting(b, [start, pause], 'me');
    expect(paused.open[0]).toMatchObject({ status: 'p', breaks: [{ start: 2000, end: null }] });
    expect(workedMs(paused.open[0]!, 5000)).toBe(1000);

    const resumed = withWaiting(b, [start, pause, punch('endBreak', 2500, { shift: 'x' })], 'me');
    expect(resumed.open[0]).toMatchObject({ status: 'ip', breaks: [{ start: 2000, end: 2500 }] });

    const done = withWaiting(b, [start, pause, punch('completeShift', 3000, { shift: 'x' })], 'me');
    expect(done.open).toEqual([]);
    expect(done.shifts[0]?.attendance).toBe('done');
    expect(nextAction(done, 'me')).toEqual({ kind: 'none' });
    // The server's board is left as it was.
    expect(b.open).toEqual([]);
  });

  it('plays a store-clock code as the next step and opens unscheduled work under a stand-in id', () => {
    const b = board([row('x', 'me', 100, 'upcoming')]);
    const code = punch('clockOperation', 1000, { token: 'ABCD1234' });
    expect(withWaiting(b, [code], 'me').open[0]).toMatchObject({ shift: 'x' });
    expect(withWaiting(b, [code, punch('clockOperation', 2000)], 'me').open).toEqual([]);

    const work = punch('startProposedShift', 1000, { title: 'Inventory' });
    const w = withWaiting(board(), [work], 'me');
    expect(w.open[0]).toMatchObject({ shift: null, proposedShift: placeholderOf(work.punchId) });
    expect(w.proposals[0]).toMatchObject({ id: placeholderOf(work.punchId), title: 'Inventory', progress: 'ip' });
    expect(nextAction(w, 'me')).toEqual({ kind: 'completeProposal' });
  });

  it('never opens a second session or starts a shift already on the clock', () => {
    const b = board([row('x', 'me', 100, 'late'), row('y', 'me', 200, 'upcoming')]);
    const twice = withWaiting(b, [punch('startShift', 1, { shift: 'x' }), punch('startShift', 2, { shift: 'y' })], 'me');
    expect(twice.open.map((s) => s.shift)).toEqual(['x']);
  });

  it("sends and shows only the signed-in user's punches", () => {
    const a = { ...punch('startShift', 1), user: 'ana' };
    const b = { ...punch('startShift', 2), user: 'ben' };
    const old = punch('endBreak', 3);
    expect(punchesOf([a, b, old], 'ana')).toEqual([a, old]);
    expect(punchesOf([a, b, old], null)).toEqual([]);
  });

  it('names unscheduled work by the id the server gave once its start is sent', () => {
    const known = new Map([['waiting-p1', 'real-id']]);
    expect(resolvePlaceholders({ shift: 'waiting-p1' }, known)).toEqual({ shift: 'real-id' });
    const other = { shift: 'x' };
    expect(resolvePlaceholders(other, known)).toBe(other);
  });

  it('authorises the clock device for the store its link names, if any', () => {
    const store = '0192f5a4-7c1e-7d3a-9b2c-1a2b3c4d5e6f';
    expect(deviceAuthorization(' ABCDEFGH23 ', store)).toEqual({ code: 'ABCDEFGH23', store });
    expect(deviceAuthorization('ABCDEFGH23', null)).toEqual({ code: 'ABCDEFGH23' });
    expect(deviceAuthorization('ABCDEFGH23', 'not-a-store')).toEqual({ code: 'ABCDEFGH23' });
  });
});
