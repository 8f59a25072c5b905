import { createGlobalStyle } from 'styled-components';

/** Page-wide defaults: font, colours, box sizing. */
export const GlobalStyle = createGlobalStyle`
  *, *::before, *::after { box-sizing: border-box; }
  html, body, #root { height: 100%; margin: 0; }
  /* The browser draws its own controls (date and time pickers, scroll bars) for the theme. */
  :root { color-scheme: ${({ theme }) => (theme.dark ? 'dark' : 'light')}; }
  body {
    font-family: ${({ theme }) => theme.systemFont};
    background: ${({ theme }) => theme.color.background};
    color: ${({ theme }) => theme.color.text};
    font-size: 15px;
    line-height: 1.45;
    -webkit-font-smoothing: antialiased;
  }
  :root[data-font='rubik'] body { font-family: ${({ theme }) => theme.font}; }
  button, input, select, textarea { font: inherit; color: inherit; }
  /* Said again on the controls themselves: a picker's icon (date, time, select arrow) is drawn
     by the browser from the control's own scheme, and must not stay dark on a dark field. */
  input, select, textarea { color-scheme: ${({ theme }) => (theme.dark ? 'dark' : 'light')}; }
  a { color: ${({ theme }) => theme.color.primary}; }
  @keyframes fadeIn { from { opacity: 0; } to { opacity: 1; } }
  /* Asked for by the person's system: states change at once, without fades or slides. */
  @media (prefers-reduced-motion: reduce) {
    *, *::before, *::after {
      transition-duration: 0.01ms !important;
      animation-duration: 0.01ms !important;
      animation-iteration-count: 1 !important;
    }
  }
`;
