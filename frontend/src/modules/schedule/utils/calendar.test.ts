import { describe, expect, it } from 'vitest';
import { atClock, clockTime, dayKey, overnightEnd, stepAnchor, viewRange, weekdayOf } from './calendar';

const BERLIN = 'Europe/Berlin';
const iso = (ms: number) => new Date(ms).toISOString();

describe('viewRange', () => {
  it('starts a week on Sunday by default, at midnight in the store zone', () => {
    // Wednesday 2026-11-18 12:00 UTC.
    const r = viewRange('week', Date.UTC(2026, 10, 18, 12), BERLIN);
    expect(r.days).toHaveLength(7);
    expect(iso(r.start)).toBe('2026-11-14T23:00:00.000Z'); // Sun 15 Nov 00:00 Berlin
    expect(weekdayOf(r.start, BERLIN)).toBe(0);
    expect(iso(r.end)).toBe('2026-11-21T22:59:59.999Z'); // Sat 21 Nov 23:59:59.999 Berlin
  });

  it('starts the week on the store’s configured day', () => {
    const r = viewRange('week', Date.UTC(2026, 10, 18, 12), BERLIN, 1);
    expect(weekdayOf(r.start, BERLIN)).toBe(1);
    expect(dayKey(r.start, BERLIN)).toBe('2026-11-16');
  });

  it('uses the store zone, not the browser’s, for the day an instant falls on', () => {
    // 23:30 UTC on Saturday is already Sunday in Berlin, still Saturday in New York.
    const at = Date.UTC(2026, 10, 21, 23, 30);
    expect(dayKey(at, BERLIN)).toBe('2026-11-22');
    expect(dayKey(at, 'America/New_York')).toBe('2026-11-21');
    expect(dayKey(viewRange('day', at, BERLIN).start, BERLIN)).toBe('2026-11-22');
  });

  it('keeps days whole across a daylight-saving change', () => {
    // Berlin moves to summer time on Sunday 29 March 2026: that day has 23 hours.
    const r = viewRange('week', Date.UTC(2026, 2, 30, 12), BERLIN);
    expect(r.days.map((d) => clockTime(d, BERLIN))).toEqual(Array(7).fill('00:00'));
    expect((r.days[1]! - r.days[0]!) / 3_600_000).toBe(23);
    expect(iso(atClock(r.days[0]!, '09:00', BERLIN))).toBe('2026-03-29T07:00:00.000Z');
    expect(iso(atClock(r.days[1]!, '09:00', BERLIN))).toBe('2026-03-30T07:00:00.000Z');
  });

  it('shows five days from the anchor and moves by five', () => {
    const anchor = Date.UTC(2026, 10, 18, 12);
    const r = viewRange('five', anchor, BERLIN);
    expect(r.days.map((d) => dayKey(d, BERLIN))).toEqual(['2026-11-18', '2026-11-19', '2026-11-20', '2026-11-21', '2026-11-22']);
    expect(dayKey(stepAnchor('five', anchor, 1, BERLIN), BERLIN)).toBe('2026-11-23');
  });

  it('covers a month with whole weeks', () => {
    const r = viewRange('month', Date.UTC(2026, 1, 10, 12), BERLIN);
    // February 2026 starts on a Sunday and ends on a Saturday: exactly four weeks.
    expect(r.days).toHaveLength(28);
    expect(dayKey(r.start, BERLIN)).toBe('2026-02-01');
    const march = viewRange('month', Date.UTC(2026, 2, 10, 12), BERLIN);
    expect(dayKey(march.start, BERLIN)).toBe('2026-03-01');
    expect(march.days.length % 7).toBe(0);
    expect(dayKey(march.days[march.days.length - 1]!, BERLIN)).toBe('2026-04-04');
  });
});

describe('overnightEnd', () => {
  it('moves an end before the start to the next day', () => {
    const day = viewRange('day', Date.UTC(2026, 10, 18, 12), BERLIN).start;
    const start = atClock(day, '22:00', BERLIN);
    const end = overnightEnd(start, atClock(day, '06:00', BERLIN), BERLIN);
    expect((end - start) / 3_600_000).toBe(8);
    expect(dayKey(end, BERLIN)).toBe('2026-11-19');
  });
});
