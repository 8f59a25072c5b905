import { homeFirstReads } from './homeReads';

describe('the home’s first reads', () => {
  it('asks for the user’s shifts of the next two weeks from the start of today in the store’s zone, and the clock', () => {
    const now = Date.UTC(2026, 10, 25, 9);
    const today = Date.UTC(2026, 10, 25);
    expect(homeFirstReads({ id: 's1', timezoneReference: 'UTC', weekStart: 0 }, now)).toEqual([`/stores/s1/shifts?start=${today}&end=${today + 14 * 86_400_000 - 1}&scope=mine`, '/stores/s1/clock']);
  });
});
