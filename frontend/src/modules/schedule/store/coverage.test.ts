import { describe, expect, it } from 'vitest';
import { cover, gaps } from './coverage';

describe('loaded spans', () => {
  it('merges overlapping and touching spans', () => {
    expect(cover([[0, 10]], 5, 20)).toEqual([[0, 20]]);
    expect(cover([[0, 10]], 11, 20)).toEqual([[0, 20]]);
    expect(cover([[0, 10]], 30, 40)).toEqual([[0, 10], [30, 40]]);
    expect(cover([[30, 40], [0, 10]], 9, 31)).toEqual([[0, 40]]);
  });

  it('finds what is left to read', () => {
    expect(gaps([], 0, 10)).toEqual([[0, 10]]);
    expect(gaps([[0, 10]], 2, 8)).toEqual([]);
    // A month around a loaded week: the days before and after it.
    expect(gaps([[10, 19]], 0, 30)).toEqual([[0, 9], [20, 30]]);
    expect(gaps([[0, 5], [8, 12]], 0, 20)).toEqual([[6, 7], [13, 20]]);
    expect(gaps([[15, 30]], 0, 20)).toEqual([[0, 14]]);
  });
});
