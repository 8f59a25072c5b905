import { useCallback, useLayoutEffect, useRef } from 'react';

/**
 * A function that keeps its identity and calls the latest `fn`. For handlers handed to many
 * memoised children: a new handler (its inputs changed: the socket arrived, the team
 * reloaded) would otherwise draw every one of them again. It is for events, not for render:
 * the latest `fn` is in place from the commit that brought it.
 */
export function useStableCallback<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
  const latest = useRef(fn);
  useLayoutEffect(() => {
    latest.current = fn;
  }, [fn]);
  return useCallback((...args: A) => latest.current(...args), []);
}
