import { describe, expect, it } from 'vitest';
import { contrast, luminance, textOn } from './contrast';

describe('text on a chosen colour', () => {
  it('measures luminance as WCAG does', () => {
    expect(luminance('#000000')).toBe(0);
    expect(luminance('#ffffff')).toBeCloseTo(1);
    expect(luminance('#fff')).toBeCloseTo(1);
    expect(contrast(luminance('#ffffff'), luminance('#000000'))).toBeCloseTo(21);
  });

  it('picks the text colour with the higher contrast', () => {
    // White on this blue is 4.1:1, black 5.1:1.
    expect(textOn('#2e86ab')).toBe('#000000');
    expect(textOn('#1b1f24')).toBe('#ffffff');
    expect(textOn('#ffd166')).toBe('#000000');
    expect(textOn('#8d5b3e')).toBe('#ffffff');
    for (const colour of ['#2e86ab', '#e4572e', '#8d5b3e', '#6a4c93', '#4caf50', '#ff9800']) {
      const text = textOn(colour);
      expect(contrast(luminance(colour), luminance(text))).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('treats an unreadable colour as dark', () => {
    expect(textOn('nonsense')).toBe('#ffffff');
  });
});
