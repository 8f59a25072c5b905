import { useEffect, useMemo, useRef } from 'react';

/** `fn` called once, `ms` after the last of a burst of calls. Pending calls die on unmount. */
export function useDebouncedCallback<A extends unknown[]>(fn: (...args: A) => void, ms: number) {
  const latest = useRef(fn);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => {
    latest.current = fn;
  }, [fn]);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  return useMemo(
    () =>
      (...args: A) => {
        window.clearTimeout(timer.current);
        timer.current = window.setTimeout(() => latest.current(...args), ms);
      },
    [ms],
  );
}
