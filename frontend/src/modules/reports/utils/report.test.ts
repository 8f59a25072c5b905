import { describe, expect, it } from 'vitest';
import { customRange, dayOf, hoursOf, rangeOf } from './report';

describe('report ranges', () => {
  const zone = 'Europe/Berlin';
  // Wednesday 2026-11-11, 15:00 in Berlin.
  const wed = Date.UTC(2026, 10, 11, 14);

  it('takes the store week from its first weekday', () => {
    const { start, end } = rangeOf('week', wed, zone, 1);
    expect(dayOf(start, zone)).toBe('2026-11-09');
    expect(end - start).toBe(7 * 86_400_000);
  });

  it('takes the calendar month in the store zone', () => {
    const { start, end } = rangeOf('month', wed, zone, 1);
    expect(dayOf(start, zone)).toBe('2026-11-01');
    expect(dayOf(end, zone)).toBe('2026-12-01');
    expect(new Date(start).toISOString()).toBe('2026-10-31T23:00:00.000Z');
  });

  it('includes both days of a custom range and refuses unreadable dates', () => {
    const r = customRange('2026-03-28', '2026-03-29', zone);
    // The spring-forward Sunday is 23 hours long.
    expect(r && r.end - r.start).toBe(47 * 3_600_000);
    expect(customRange('yesterday', '2026-03-29', zone)).toBeNull();
  });

  it('rounds hours to hundredths', () => {
    expect(hoursOf(450)).toBe(7.5);
    expect(hoursOf(1)).toBe(0.02);
  });
});
