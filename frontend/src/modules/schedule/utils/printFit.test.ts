import { describe, expect, it } from 'vitest';
import { LARGEST_PT, printFontPt, SMALLEST_PT } from './printFit';

describe('the printed week', () => {
  it('uses the largest size when the week is small', () => {
    expect(printFontPt([1, 1, 2])).toBe(LARGEST_PT);
  });

  it('shrinks with more rows and fuller days, never below a legible size', () => {
    const ten = printFontPt(Array.from({ length: 10 }, () => 2));
    const twenty = printFontPt(Array.from({ length: 20 }, () => 2));
    expect(ten).toBeLessThan(LARGEST_PT);
    expect(twenty).toBeLessThan(ten);
    expect(twenty).toBeGreaterThanOrEqual(SMALLEST_PT);
    expect(printFontPt(Array.from({ length: 500 }, () => 4))).toBe(SMALLEST_PT);
  });

  it('gives a day printed alone wider columns, so larger text', () => {
    const rows = Array.from({ length: 12 }, () => 2);
    expect(printFontPt(rows, 1)).toBeGreaterThan(printFontPt(rows, 7));
  });
});
