import { act, renderHook } from '@testing-library/react';

/** A fresh copy of the module: its hold is module state. */
async function fresh() {
  vi.resetModules();
  return import('./firstScreen');
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('afterFirstScreen', () => {
  it('runs at once where the app did not open on a first screen', async () => {
    const { afterFirstScreen } = await fresh();
    const run = vi.fn();
    afterFirstScreen(run);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('waits for the first screen, then for an idle moment', async () => {
    const { afterFirstScreen, firstScreenDrawn, holdForFirstScreen } = await fresh();
    holdForFirstScreen();
    const run = vi.fn();
    afterFirstScreen(run);
    vi.advanceTimersByTime(1000);
    expect(run).not.toHaveBeenCalled();
    firstScreenDrawn();
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);
    // Drawn again later (another range of the board): nothing runs twice.
    firstScreenDrawn();
    vi.advanceTimersByTime(5000);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('waits no longer than the longest hold when the screen never says it is drawn', async () => {
    const { afterFirstScreen, holdForFirstScreen, LONGEST_HOLD_MS } = await fresh();
    holdForFirstScreen();
    const run = vi.fn();
    afterFirstScreen(run);
    vi.advanceTimersByTime(LONGEST_HOLD_MS - 1);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(2);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('forgets work cancelled before the first screen is drawn', async () => {
    const { afterFirstScreen, firstScreenDrawn, holdForFirstScreen } = await fresh();
    holdForFirstScreen();
    const kept = vi.fn();
    const cancelled = vi.fn();
    afterFirstScreen(kept);
    afterFirstScreen(cancelled)();
    firstScreenDrawn();
    vi.advanceTimersByTime(1);
    expect(kept).toHaveBeenCalledTimes(1);
    expect(cancelled).not.toHaveBeenCalled();
  });

  it('forgets work cancelled while it waits for the idle moment', async () => {
    const { afterFirstScreen, firstScreenDrawn, holdForFirstScreen } = await fresh();
    holdForFirstScreen();
    const run = vi.fn();
    const cancel = afterFirstScreen(run);
    firstScreenDrawn();
    cancel();
    vi.advanceTimersByTime(10);
    expect(run).not.toHaveBeenCalled();
  });
});

describe('useAfterFirstScreen', () => {
  it('is true at once where nothing is held', async () => {
    const { useAfterFirstScreen } = await fresh();
    const { result } = renderHook(() => useAfterFirstScreen());
    expect(result.current).toBe(true);
  });

  it('turns true once the first screen is drawn', async () => {
    const { firstScreenDrawn, holdForFirstScreen, useAfterFirstScreen } = await fresh();
    holdForFirstScreen();
    const { result } = renderHook(() => useAfterFirstScreen());
    expect(result.current).toBe(false);
    act(() => {
      firstScreenDrawn();
      vi.advanceTimersByTime(1);
    });
    expect(result.current).toBe(true);
  });
});

describe('useOnceFirstScreenDrawn', () => {
  it('holds a value back as null until the first screen is drawn', async () => {
    const { firstScreenDrawn, holdForFirstScreen, useOnceFirstScreenDrawn } = await fresh();
    holdForFirstScreen();
    const { result } = renderHook(() => useOnceFirstScreenDrawn('s1'));
    expect(result.current).toBeNull();
    act(() => {
      firstScreenDrawn();
      vi.advanceTimersByTime(1);
    });
    expect(result.current).toBe('s1');
  });
});
