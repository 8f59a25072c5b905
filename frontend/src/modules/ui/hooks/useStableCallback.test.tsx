import { renderHook } from '@testing-library/react';
import { useStableCallback } from './useStableCallback';

describe('useStableCallback', () => {
  it('keeps its identity and calls the latest function', () => {
    const first = vi.fn((x: number) => x + 1);
    const second = vi.fn((x: number) => x + 2);
    const { result, rerender } = renderHook(({ fn }) => useStableCallback(fn), { initialProps: { fn: first } });
    const stable = result.current;
    expect(stable(1)).toBe(2);
    rerender({ fn: second });
    expect(result.current).toBe(stable);
    expect(stable(1)).toBe(3);
    expect(first).toHaveBeenCalledTimes(1);
  });
});
