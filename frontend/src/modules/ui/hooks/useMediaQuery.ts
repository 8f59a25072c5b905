import { useSyncExternalStore } from 'react';
import { breakpoints, type Breakpoint } from '../theme/tokens';

/** Whether the viewport is narrower than the breakpoint `bp`. */
export function useIsBelow(bp: Breakpoint): boolean {
  const query = `(max-width: ${breakpoints[bp] - 0.02}px)`;
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window.matchMedia !== 'function') return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => typeof window.matchMedia === 'function' && window.matchMedia(query).matches,
    () => false,
  );
}
