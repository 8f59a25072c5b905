import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildTheme } from '@/modules/ui/theme/theme';

const css = readFileSync(join(import.meta.dirname, 'startup.css'), 'utf8');

/** The `--startup-*` colours of the first rule after `from` in the startup CSS. */
function colours(from: number): Record<string, string> {
  const block = css.slice(from, css.indexOf('}', from));
  return Object.fromEntries([...block.matchAll(/--startup-([\w-]+):\s*([^;]+);/g)].map((m) => [m[1], m[2]!.trim()]));
}

describe('the frame drawn before the scripts run', () => {
  it.each([
    ['light', false, colours(css.indexOf(':root'))],
    ['system’s dark', true, colours(css.indexOf(':root', css.indexOf('prefers-color-scheme: dark')))],
    ['chosen dark', true, colours(css.indexOf(":root[data-startup-mode='dark']"))],
  ])('has the %s theme’s colours', (_mode, dark, drawn) => {
    const { color } = buildTheme('default', dark, 'ltr');
    expect(drawn).toEqual({
      background: color.background,
      surface: color.surface,
      'surface-alt': color.surfaceAlt,
      border: color.border,
      text: color.text,
    });
  });
});
