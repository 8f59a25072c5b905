import { describe, expect, it } from 'vitest';
import { shift } from '@/test/fixtures';
import { blankShift, checkSummary, shiftErrors, shiftsToSave, sortedShifts, tabOf, wallMinutes } from './templateShifts';

describe('template shifts', () => {
  it('reads the tab from the address, the shift tab by default', () => {
    expect(tabOf('weekly')).toBe('weekly');
    expect(tabOf('monthly')).toBe('shift');
    expect(tabOf(null)).toBe('shift');
  });

  it('counts wall-clock minutes, overnight ones into the next day', () => {
    expect(wallMinutes('09:00', '17:30')).toBe(510);
    expect(wallMinutes('22:00', '06:00')).toBe(480);
    expect(wallMinutes('08:00', '08:00')).toBe(1440);
  });

  it('orders shifts by day then start', () => {
    const a = { ...blankShift(null), title: 'a', day: 2, start: '08:00' };
    const b = { ...blankShift(null), title: 'b', day: 0, start: '10:00' };
    const c = { ...blankShift(null), title: 'c', day: 0, start: '07:00' };
    expect(sortedShifts([a, b, c]).map((s) => s.title)).toEqual(['c', 'b', 'a']);
  });

  it('saves the shifts starting in the range, not cancelled ones', () => {
    const inside = shift({ id: 'in', start: 1_000, end: 2_000 });
    const cancelled = shift({ id: 'gone', start: 1_500, end: 2_000, status: 'cancelled' });
    const after = shift({ id: 'after', start: 5_000, end: 6_000 });
    expect(shiftsToSave([inside, cancelled, after], 1_000, 5_000)).toEqual(['in']);
  });

  it('sums the buckets of a load check', () => {
    const entry = (type: 'shift' | 'timeoff', n: number) => ({
      employee: 'e', name: 'Ana', type,
      shifts: Array.from({ length: n }, () => ({ title: 't', start: 0, end: 1, role: null, message: 'm' })),
    });
    expect(checkSummary([entry('shift', 2), entry('timeoff', 1), entry('shift', 1)])).toEqual({ failed: 4, byType: { shift: 3, timeoff: 1 } });
    expect(checkSummary([])).toEqual({ failed: 0, byType: {} });
  });

  it('names missing titles and empty times', () => {
    const ok = { ...blankShift(null), title: 'Open' };
    expect(shiftErrors([ok, { ...ok, title: ' ' }, { ...ok, end: ok.start }])).toEqual({ 1: 'validation.required', 2: 'validation.endAfterStart' });
  });
});
