import { applyStartupMode } from './startupMode';

describe('the startup frame’s mode', () => {
  it.each([
    ['"dark"', 'dark'],
    ['"light"', 'light'],
    ['"system"', undefined],
    ['not json', undefined],
    [null, undefined],
  ])('kept as %s marks the page with %s', (kept, mode) => {
    if (kept !== null) localStorage.setItem('themeType', kept);
    const root = document.createElement('html');
    applyStartupMode('themeType', root);
    expect(root.dataset.startupMode).toBe(mode);
  });
});
