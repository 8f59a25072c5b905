import { useSyncExternalStore } from 'react';
import { breakpoints, type Breakpoint } from '../theme/tokens';

/** One list per query: every render reads it, and a list is not free to make. */
const lists = new Map<string, MediaQueryList>();

function mediaList(query: string): MediaQueryList | null {
  if (typeof window.matchMedia !== 'function') return null;
  let list = lists.get(query);
  if (!list) {
    list = window.matchMedia(query);
    lists.set(query, list);
  }
  return list;
}

/** Whether the viewport is narrower than the breakpoint `bp` (the width `down(bp)` styles). */
export function useIsBelow(bp: Breakpoint): boolean {
  const query = `(max-width: ${breakpoints[bp] - 0.02}px)`;
  return useSyncExternalStore(
    (onChange) => {
      const list = mediaList(query);
      list?.addEventListener('change', onChange);
      return () => list?.removeEventListener('change', onChange);
    },
    () => mediaList(query)?.matches ?? false,
    () => false,
  );
}
