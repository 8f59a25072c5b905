import { describe, expect, it } from 'vitest';
import { meter } from './meter';

describe('usage meter', () => {
  it('has room below four fifths, is near from there, full at the limit and over past it', () => {
    expect(meter(2, 5)).toEqual({ used: 2, allowed: 5, share: 0.4, level: 'room' });
    expect(meter(4, 5)).toMatchObject({ share: 0.8, level: 'near' });
    expect(meter(5, 5)).toMatchObject({ share: 1, level: 'full' });
    // After a downgrade a store may hold more than its plan allows: the bar stays full.
    expect(meter(7, 5)).toMatchObject({ share: 1, level: 'over' });
  });

  it('has no share when unlimited', () => {
    expect(meter(120, null)).toEqual({ used: 120, allowed: null, share: null, level: 'room' });
  });

  it('is full at once when a plan allows none', () => {
    expect(meter(0, 0)).toMatchObject({ share: 1, level: 'full' });
  });
});
