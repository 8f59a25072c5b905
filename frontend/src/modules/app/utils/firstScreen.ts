import { useEffect, useState } from 'react';
import { whenIdle } from './whenIdle';

/**
 * The moment the screen the app opened on has drawn what its reader came for (the board its
 * week's shifts, the home its day). What that screen does not need (the navigation's counts,
 * the board's labour layer and templates, the service worker) waits for it, and then for an
 * idle moment: on a slow phone they would otherwise share the connection and the main thread
 * with the first screen's own code and reads, and hold it back.
 *
 * Nothing waits unless the app opened on one of the first screens (`main.tsx` calls
 * `holdForFirstScreen`), and nothing waits longer than `LONGEST_HOLD_MS`, so a screen that
 * fails to load, or a reader who moves on first, never leaves the rest unloaded.
 */

/** How long the rest waits at most for the first screen. */
export const LONGEST_HOLD_MS = 4000;

let held = false;
let waiting: Array<() => void> = [];
let timer: ReturnType<typeof setTimeout> | undefined;

function release() {
  if (!held) return;
  held = false;
  clearTimeout(timer);
  const run = waiting;
  waiting = [];
  for (const next of run) next();
}

/** From now on, work put off with `afterFirstScreen` waits until the first screen is drawn. */
export function holdForFirstScreen(longest = LONGEST_HOLD_MS): void {
  if (held) return;
  held = true;
  timer = setTimeout(release, longest);
}

/** Called by a first screen once it has drawn its content (again later: no effect). */
export function firstScreenDrawn(): void {
  release();
}

/**
 * Runs `run` at the browser's first idle moment after the first screen is drawn; at once
 * where nothing is held. Returns what cancels it.
 */
export function afterFirstScreen(run: () => void): () => void {
  if (!held) {
    run();
    return () => {};
  }
  let cancelIdle: (() => void) | undefined;
  let cancelled = false;
  const start = () => {
    if (!cancelled) cancelIdle = whenIdle(run);
  };
  waiting.push(start);
  return () => {
    cancelled = true;
    cancelIdle?.();
    waiting = waiting.filter((w) => w !== start);
  };
}

/** Whether the first screen is drawn (see `afterFirstScreen`); true where nothing is held. */
export function useAfterFirstScreen(): boolean {
  const [ready, setReady] = useState(!held);
  useEffect(() => {
    if (ready) return;
    return afterFirstScreen(() => setReady(true));
  }, [ready]);
  return ready;
}

/** `value` once the first screen is drawn, `null` until then: a read that waits for it. */
export function useOnceFirstScreenDrawn<T>(value: T): T | null {
  return useAfterFirstScreen() ? value : null;
}
