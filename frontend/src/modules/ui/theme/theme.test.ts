import { describe, expect, it } from 'vitest';
import { contrast, luminance } from '../utils/contrast';
import { buildTheme } from './theme';
import { THEME_NAMES } from './tokens';

/** `#rrggbbaa` (or `#rrggbb`) laid over the opaque `base`, as the screen shows it. */
function over(colour: string, base: string): string {
  const channel = (hex: string, i: number) => parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16);
  const alpha = colour.length === 9 ? parseInt(colour.slice(7, 9), 16) / 255 : 1;
  const mixed = [0, 1, 2].map((i) => Math.round(channel(colour, i) * alpha + channel(base, i) * (1 - alpha)));
  return `#${mixed.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}

const ratio = (a: string, b: string) => contrast(luminance(a), luminance(b));

describe('the themes', () => {
  for (const name of THEME_NAMES) {
    for (const dark of [false, true]) {
      it(`${name} ${dark ? 'dark' : 'light'}: every text colour reads 4.5:1 on what it is drawn on`, () => {
        const { color } = buildTheme(name, dark, 'ltr');
        const pages = [color.background, color.surface, color.surfaceAlt];
        const pairs: [string, string, string][] = [];
        for (const page of pages) {
          pairs.push(['text', color.text, page], ['muted text', color.textMuted, page], ['a link', color.primary, page]);
          // The current navigation entry: strong primary on the primary's tint.
          pairs.push(['the current entry', color.primaryStrong, over(color.primarySoft, page)]);
        }
        pairs.push(
          ['text on primary', color.onPrimary, color.primary],
          ['text on danger', color.onDanger, color.danger],
          ['text on warning', color.onWarning, color.warning],
        );
        const failing = pairs
          .map(([what, fg, bg]) => ({ what, fg, bg, ratio: Math.round(ratio(fg, bg) * 100) / 100 }))
          .filter((p) => p.ratio < 4.5);
        expect(failing).toEqual([]);
      });
    }
  }

  it('draws the default light theme\'s current entry darker than its links', () => {
    const { color } = buildTheme('default', false, 'ltr');
    // #0969da on its own tint is 4.4:1, short of 4.5.
    expect(ratio(color.primary, over(color.primarySoft, color.surface))).toBeLessThan(4.5);
    expect(ratio(color.primaryStrong, over(color.primarySoft, color.surface))).toBeGreaterThanOrEqual(4.5);
  });
});
