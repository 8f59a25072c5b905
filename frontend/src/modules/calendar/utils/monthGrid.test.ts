import { describe, expect, it } from 'vitest';
import type { Shift } from '@/modules/api/types';
import { calendarGrid, shiftsByDay } from './monthGrid';

const BERLIN = 'Europe/Berlin';
// Tuesday 24 November 2026, 18:37 in Berlin.
const NOW = Date.UTC(2026, 10, 24, 17, 37);

describe('the calendar grid', () => {
  it('covers November 2026 in whole weeks starting on Sunday', () => {
    const grid = calendarGrid('month', NOW, BERLIN, 0, NOW);
    // 1 November 2026 is a Sunday, 30 November a Monday: five weeks, to 5 December.
    expect(grid.weeks).toHaveLength(5);
    expect(grid.weeks.every((w) => w.length === 7)).toBe(true);
    expect(grid.weeks[0]?.[0]?.key).toBe('2026-11-01');
    expect(grid.weeks[4]?.[6]?.key).toBe('2026-12-05');
    expect(grid.weeks[4]?.[6]?.inMonth).toBe(false);
    expect(grid.start).toBe(Date.UTC(2026, 9, 31, 23));
  });

  it('starts the weeks on the store’s day', () => {
    const grid = calendarGrid('month', NOW, BERLIN, 1, NOW);
    // Monday weeks: from 26 October to 6 December, six weeks.
    expect(grid.weeks[0]?.[0]?.key).toBe('2026-10-26');
    expect(grid.weeks[0]?.[0]?.inMonth).toBe(false);
    expect(grid.weeks).toHaveLength(6);
    expect(grid.weeks[5]?.[6]?.key).toBe('2026-12-06');
  });

  it('marks today once, in the store’s zone', () => {
    // 23:30 UTC on the 24th is already the 25th in Berlin.
    const late = Date.UTC(2026, 10, 24, 23, 30);
    const today = calendarGrid('month', late, BERLIN, 0, late).weeks.flat().filter((d) => d.today);
    expect(today.map((d) => d.key)).toEqual(['2026-11-25']);
  });

  it('shows one week around the day for the week view', () => {
    const grid = calendarGrid('week', NOW, BERLIN, 6, NOW);
    expect(grid.weeks).toHaveLength(1);
    expect(grid.weeks[0]?.map((d) => d.key)).toEqual([
      '2026-11-21', '2026-11-22', '2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27',
    ]);
    expect(grid.weeks[0]?.every((d) => d.inMonth)).toBe(true);
  });

  it('keeps whole days across the change of clocks', () => {
    // Berlin leaves summer time on 25 October 2026: that day lasts 25 hours.
    const grid = calendarGrid('month', Date.UTC(2026, 9, 15, 12), BERLIN, 0, NOW);
    const keys = grid.weeks.flat().map((d) => d.key);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys).toContain('2026-10-25');
    expect(keys).toContain('2026-10-26');
  });
});

describe('shifts by day', () => {
  const shift = (id: string, start: number) => ({ id, start, end: start + 3_600_000 }) as Shift;

  it('groups by the store’s local day and sorts each day', () => {
    const late = shift('late', Date.UTC(2026, 10, 24, 23, 30)); // 25th in Berlin
    const noon = shift('noon', Date.UTC(2026, 10, 24, 11));
    const morning = shift('morning', Date.UTC(2026, 10, 24, 7));
    const map = shiftsByDay([late, noon, morning], BERLIN);
    expect(map.get('2026-11-24')?.map((s) => s.id)).toEqual(['morning', 'noon']);
    expect(map.get('2026-11-25')?.map((s) => s.id)).toEqual(['late']);
  });
});
