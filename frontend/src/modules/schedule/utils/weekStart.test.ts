import { describe, expect, it } from 'vitest';
import { storeWeekStart, weekOrder, weekPosition } from './weekStart';

describe('the store’s week start', () => {
  it('follows the store’s setting, Sunday when it has none or an impossible one', () => {
    expect(storeWeekStart({ weekStart: 1 })).toBe(1);
    expect(storeWeekStart({ weekStart: 6 })).toBe(6);
    expect(storeWeekStart({ weekStart: 0 })).toBe(0);
    expect(storeWeekStart({})).toBe(0);
    expect(storeWeekStart(null)).toBe(0);
    expect(storeWeekStart({ weekStart: 9 })).toBe(0);
  });

  it('orders the weekdays from it', () => {
    expect(weekOrder(0)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(weekOrder(1)).toEqual([1, 2, 3, 4, 5, 6, 0]);
    expect(weekOrder(6)).toEqual([6, 0, 1, 2, 3, 4, 5]);
  });

  it('places a weekday in that week', () => {
    expect(weekPosition(0, 0)).toBe(0);
    expect(weekPosition(0, 1)).toBe(6);
    expect(weekPosition(6, 6)).toBe(0);
    expect(weekPosition(2, 6)).toBe(3);
  });
});
