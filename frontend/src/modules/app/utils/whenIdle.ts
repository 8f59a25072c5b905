/** How long work put off to an idle moment waits at most. */
const LONGEST_WAIT_MS = 2000;

/**
 * Runs `run` when the browser is next idle (at the latest after two seconds), so that work
 * which can wait does not hold up a frame; where there is no `requestIdleCallback`, on the
 * next turn. Returns what cancels it.
 */
export function whenIdle(run: () => void): () => void {
  if (typeof requestIdleCallback === 'function' && typeof cancelIdleCallback === 'function') {
    const id = requestIdleCallback(run, { timeout: LONGEST_WAIT_MS });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(run, 0);
  return () => clearTimeout(id);
}
