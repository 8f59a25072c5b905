import { describe, expect, it } from 'vitest';
import type { BookedPlace, BookedSession } from '@/modules/api/types';
import { clientCount, defaultWindow, filterSessions, groupByDay, hasClients, NO_FILTER, replaceSession, sessionsByShift } from './sessions';

const place = (over: Partial<BookedPlace> = {}): BookedPlace => ({
  id: 'p1', client: 'c1', name: 'Sam', email: 's@x.test', phonenumber: '+49 1', status: 1, state: 'upcoming', timestamp: 0, ...over,
});
const session = (over: Partial<BookedSession> = {}): BookedSession => ({
  id: 's1', event: 'e1', title: 'Cut', assigned: 'emp1', assignedName: 'Ana', start: 0, end: 1, status: 1, adjacentShift: 'sh1', bookedClients: [place()], ...over,
});

describe('booked sessions', () => {
  it('reads 30 days back to 30 ahead', () => {
    const { from, to } = defaultWindow(Date.UTC(2025, 5, 10));
    expect(from).toBe(Date.UTC(2025, 4, 11));
    expect(to).toBe(Date.UTC(2025, 6, 10));
  });

  it('groups by the day in the store’s zone', () => {
    const late = session({ id: 'a', start: Date.UTC(2025, 5, 9, 22, 30) }); // 00:30 on the 10th in Berlin
    const early = session({ id: 'b', start: Date.UTC(2025, 5, 9, 8) });
    expect(groupByDay([late, early], 'Europe/Berlin').map((g) => [g.day, g.sessions.map((s) => s.id)])).toEqual([
      ['2025-06-09', ['b']],
      ['2025-06-10', ['a']],
    ]);
  });

  it('filters by event, status and employee', () => {
    const list = [session({ id: 'a' }), session({ id: 'b', event: 'e2', status: 2, assigned: null })];
    expect(filterSessions(list, NO_FILTER).length).toBe(2);
    expect(filterSessions(list, { ...NO_FILTER, event: 'e2' }).map((s) => s.id)).toEqual(['b']);
    expect(filterSessions(list, { ...NO_FILTER, status: '1' }).map((s) => s.id)).toEqual(['a']);
    expect(filterSessions(list, { ...NO_FILTER, employee: 'none' }).map((s) => s.id)).toEqual(['b']);
  });

  it('replaces a session in place or adds it', () => {
    const list = [session({ id: 'a' })];
    expect(replaceSession(list, session({ id: 'a', status: 4 }))[0]?.status).toBe(4);
    expect(replaceSession(list, session({ id: 'b' })).length).toBe(2);
  });

  it('counts only places held: confirmed, or pending before the hold ends', () => {
    const s = session({ bookedClients: [place(), place({ id: 'p2', status: 2, holdUntil: 100 }), place({ id: 'p3', status: 3 })] });
    expect(clientCount([s], 50)).toBe(2);
    expect(clientCount([s], 150)).toBe(1);
    expect(hasClients(session({ bookedClients: [place({ status: 4 })] }), 0)).toBe(false);
  });

  it('finds the sessions of a shift, leaving cancelled ones out', () => {
    const map = sessionsByShift([session({ id: 'a' }), session({ id: 'b', status: 4 }), session({ id: 'c', adjacentShift: null })]);
    expect([...map.keys()]).toEqual(['sh1']);
    expect(map.get('sh1')?.map((s) => s.id)).toEqual(['a']);
  });
});
