import { primaries, visual, breakpoints, type ThemeName } from './tokens';

/** The design tokens every styled component reads. */
export interface AppTheme {
  name: ThemeName;
  dark: boolean;
  direction: 'ltr' | 'rtl';
  font: string;
  /** The face drawn until this browser has `font`. */
  systemFont: string;
  radius: number;
  fade: { in: string; out: string };
  breakpoints: typeof breakpoints;
  spacing: (n: number) => string;
  color: {
    primary: string;
    onPrimary: string;
    primarySoft: string;
    /** Primary text on `primarySoft` (the current navigation entry). */
    primaryStrong: string;
    background: string;
    surface: string;
    surfaceAlt: string;
    border: string;
    text: string;
    textMuted: string;
    danger: string;
    /** Text on `danger`. */
    onDanger: string;
    dangerSoft: string;
    warning: string;
    /** Text on `warning`. */
    onWarning: string;
    success: string;
    info: string;
    /** A hue that is neither a state nor the brand: unscheduled work. */
    accent: string;
    overlay: string;
  };
  shadow: string;
}

/** Builds the theme for a colour name, light or dark, and text direction. */
export function buildTheme(name: ThemeName, dark: boolean, direction: 'ltr' | 'rtl'): AppTheme {
  const { main: primary, strong: primaryStrong } = primaries[name][dark ? 'dark' : 'light'];
  return {
    name,
    dark,
    direction,
    font: visual.font,
    systemFont: visual.systemFont,
    radius: visual.radius,
    fade: { in: visual.fadeIn, out: visual.fadeOut },
    breakpoints,
    spacing: (n) => `${n * 4}px`,
    color: dark
      ? {
          primary,
          onPrimary: '#0d1117',
          primarySoft: `${primary}33`,
          primaryStrong,
          background: '#0d1117',
          surface: '#161b22',
          surfaceAlt: '#21262d',
          border: '#30363d',
          text: '#e6edf3',
          textMuted: '#9da7b3',
          danger: '#f85149',
          onDanger: '#0d1117',
          dangerSoft: '#f8514926',
          warning: '#d29922',
          onWarning: '#1b1b1b',
          success: '#3fb950',
          info: '#58a6ff',
          accent: '#b794f6',
          overlay: 'rgba(0,0,0,0.6)',
        }
      : {
          primary,
          onPrimary: '#ffffff',
          primarySoft: `${primary}1f`,
          primaryStrong,
          background: '#f6f8fa',
          surface: '#ffffff',
          surfaceAlt: '#eef1f4',
          border: '#d0d7de',
          text: '#1f2328',
          textMuted: '#59636e',
          danger: '#cf222e',
          onDanger: '#ffffff',
          dangerSoft: '#cf222e14',
          warning: '#9a6700',
          onWarning: '#ffffff',
          success: '#1a7f37',
          info: '#0969da',
          accent: '#7c3aed',
          overlay: 'rgba(31,35,40,0.45)',
        },
    shadow: dark ? '0 8px 24px rgba(0,0,0,0.5)' : '0 8px 24px rgba(140,149,159,0.25)',
  };
}
