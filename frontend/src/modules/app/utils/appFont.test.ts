import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyStartupFont, fetchFontLater } from './appFont';

const KEY = 'font-ready';

function fakeFonts(faces: unknown[]) {
  const load = vi.fn(() => Promise.resolve(faces));
  Object.defineProperty(document, 'fonts', { configurable: true, value: { load } });
  return load;
}

describe('the app font', () => {
  afterEach(() => {
    vi.useRealTimers();
    delete document.documentElement.dataset.font;
  });

  it('draws in Rubik from the start only once an earlier visit fetched it', () => {
    const root = document.createElement('html');
    applyStartupFont(KEY, root);
    expect(root.dataset.font).toBeUndefined();
    localStorage.setItem(KEY, 'true');
    applyStartupFont(KEY, root);
    expect(root.dataset.font).toBe('rubik');
  });

  it('fetches Rubik a while after the page has loaded, and remembers it was fetched', async () => {
    vi.useFakeTimers();
    const load = fakeFonts([{}]);
    fetchFontLater(KEY);
    expect(load).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(2900);
    expect(load).not.toHaveBeenCalled();
    // Three seconds after the load, at the next idle moment.
    await vi.advanceTimersByTimeAsync(200);
    expect(load).toHaveBeenCalledWith('16px "Rubik Variable"');
    expect(localStorage.getItem(KEY)).toBe('true');
  });

  it('fetches nothing where the page already draws in Rubik, and remembers nothing that did not load', async () => {
    vi.useFakeTimers();
    const load = fakeFonts([]);
    document.documentElement.dataset.font = 'rubik';
    fetchFontLater(KEY);
    await vi.advanceTimersByTimeAsync(5000);
    expect(load).not.toHaveBeenCalled();
    delete document.documentElement.dataset.font;
    fetchFontLater(KEY);
    await vi.advanceTimersByTimeAsync(5000);
    expect(load).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem(KEY)).toBeNull();
  });
});
