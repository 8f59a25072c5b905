/** Breakpoints of the spec, in px (min widths). */
export const breakpoints = {
  xs: 0,
  sm: 600,
  md: 900,
  lg: 1200,
  xl: 1536,
  xxl: 1920,
  xxxl: 2560,
  xxxxl: 3200,
} as const;

export type Breakpoint = keyof typeof breakpoints;

/** `@media` query matching widths from `bp` up. */
export const up = (bp: Breakpoint) => `@media (min-width: ${breakpoints[bp]}px)`;
/** `@media` query matching widths below `bp`. */
export const down = (bp: Breakpoint) => `@media (max-width: ${breakpoints[bp] - 0.02}px)`;

/** The colour themes a user can pick. */
export const THEME_NAMES = ['default', 'purple', 'cyan', 'blue', 'orange', 'red'] as const;
export type ThemeName = (typeof THEME_NAMES)[number];

/** Light, dark, or whatever the system prefers. */
export const THEME_MODES = ['light', 'dark', 'system'] as const;
export type ThemeMode = (typeof THEME_MODES)[number];

/** Primary colours of each theme: main in light mode, main in dark mode. */
export const primaries: Record<ThemeName, { light: string; dark: string }> = {
  // Light primary at 4.5:1 or more on the page and card backgrounds (links are primary).
  default: { light: '#0969da', dark: '#58a6ff' },
  purple: { light: '#7c3aed', dark: '#b794f6' },
  cyan: { light: '#0e7490', dark: '#22d3ee' },
  blue: { light: '#1e40af', dark: '#60a5fa' },
  orange: { light: '#c2410c', dark: '#fb923c' },
  red: { light: '#b91c1c', dark: '#f87171' },
};

/** Visual constants of the spec. */
export const visual = {
  radius: 8,
  font: "'Rubik Variable', system-ui, -apple-system, 'Segoe UI', sans-serif",
  /** Until this browser has Rubik (`modules/app/utils/appFont.ts`). */
  systemFont: "system-ui, -apple-system, 'Segoe UI', sans-serif",
  fadeIn: '0.64s',
  fadeOut: '0.48s',
} as const;
