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

/**
 * Primary colours of each theme, in light and dark mode: `main`, and `strong`, the primary of
 * text on the primary's soft tint (the current navigation entry), which `main` does not
 * always reach 4.5:1 on (#0969da on its tint is 4.4:1).
 */
export const primaries: Record<ThemeName, Record<'light' | 'dark', { main: string; strong: string }>> = {
  // Light primary at 4.5:1 or more on the page and card backgrounds (links are primary).
  default: { light: { main: '#0969da', strong: '#0550ae' }, dark: { main: '#58a6ff', strong: '#79c0ff' } },
  purple: { light: { main: '#7c3aed', strong: '#6d28d9' }, dark: { main: '#b794f6', strong: '#c4b5fd' } },
  cyan: { light: { main: '#0e7490', strong: '#155e75' }, dark: { main: '#22d3ee', strong: '#67e8f9' } },
  blue: { light: { main: '#1e40af', strong: '#1e40af' }, dark: { main: '#60a5fa', strong: '#93c5fd' } },
  orange: { light: { main: '#c2410c', strong: '#9a3412' }, dark: { main: '#fb923c', strong: '#fdba74' } },
  red: { light: { main: '#b91c1c', strong: '#991b1b' }, dark: { main: '#f87171', strong: '#fca5a5' } },
};

/**
 * Black and white, the same in every theme: text on colours people pick (a role's colour),
 * and the ink and paper of what is printed or scanned (the week's sheet, a QR code).
 */
export const ink = { black: '#000000', white: '#ffffff' } as const;

/**
 * The colours offered for roles, in order (a new role takes the next), and the colour of a
 * shift without a role. Roles' colours are the owner's choice, stored with the role.
 */
export const roleColors = {
  offered: ['#2e86ab', '#e4572e', '#8d5b3e', '#76b041', '#7c3aed', '#f4a261', '#d62828'],
  none: '#8b949e',
} as const;

/** Visual constants of the spec. */
export const visual = {
  radius: 8,
  font: "'Rubik Variable', system-ui, -apple-system, 'Segoe UI', sans-serif",
  /** Until this browser has Rubik (`modules/app/utils/appFont.ts`). */
  systemFont: "system-ui, -apple-system, 'Segoe UI', sans-serif",
  fadeIn: '0.64s',
  fadeOut: '0.48s',
} as const;
