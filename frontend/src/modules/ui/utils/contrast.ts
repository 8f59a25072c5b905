import { ink } from '../theme/tokens';

/**
 * Text colours on colours people pick (a role's colour): black or white, whichever contrasts
 * more with the background by WCAG's relative luminance, so a chip stays readable (4.5:1 where
 * either can reach it) whatever colour the owner chose.
 */

/** The relative luminance of a `#rrggbb` or `#rgb` colour (WCAG 2). */
export function luminance(hex: string): number {
  const raw = hex.replace('#', '');
  const full = raw.length === 3 ? raw.replace(/./g, (c) => c + c) : raw;
  const channels = [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16) / 255);
  if (channels.some((c) => Number.isNaN(c))) return 0;
  const linear = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  const weights = [0.2126, 0.7152, 0.0722];
  return linear.reduce((sum, c, i) => sum + c * (weights[i] ?? 0), 0);
}

/** The contrast ratio of two luminances. */
export function contrast(a: number, b: number): number {
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

/** Black or white text, whichever reads better on `background`. */
export function textOn(background: string): (typeof ink)[keyof typeof ink] {
  const bg = luminance(background);
  return contrast(bg, 0) > contrast(bg, 1) ? ink.black : ink.white;
}
