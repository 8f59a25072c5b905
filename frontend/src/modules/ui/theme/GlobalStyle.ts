import { createGlobalStyle } from 'styled-components';

/** Page-wide defaults: font, colours, box sizing. */
export const GlobalStyle = createGlobalStyle`
  *, *::before, *::after { box-sizing: border-box; }
  html, body, #root { height: 100%; margin: 0; }
  body {
    font-family: ${({ theme }) => theme.font};
    background: ${({ theme }) => theme.color.background};
    color: ${({ theme }) => theme.color.text};
    font-size: 15px;
    line-height: 1.45;
    -webkit-font-smoothing: antialiased;
  }
  button, input, select, textarea { font: inherit; color: inherit; }
  a { color: ${({ theme }) => theme.color.primary}; }
  @keyframes fadeIn { from { opacity: 0; } to { opacity: 1; } }
`;
