import { boardFirstReads } from './shiftReads';

const store = (timezoneReference: string, weekStart: number) => ({ id: 's1', timezoneReference, weekStart });

describe('the board’s first read', () => {
  it('asks for everyone’s shifts of the store’s week around now, in its time zone', () => {
    // Wednesday 2026-11-25 10:00 in Berlin; the store's weeks start on Monday.
    const now = Date.UTC(2026, 10, 25, 9);
    const monday = Date.UTC(2026, 10, 22, 23);
    const nextMonday = Date.UTC(2026, 10, 29, 23);
    expect(boardFirstReads(store('Europe/Berlin', 1), now)).toEqual([`/stores/s1/shifts?start=${monday}&end=${nextMonday - 1}&scope=all`]);
  });
});
