/** How long one snackbar shows, in ms (the spec's interval). */
export const SNACKBAR_MS = 3000;

/** How a snackbar looks. */
export type SnackbarVariant = 'success' | 'warning' | 'error' | 'info';

/** A message waiting for or taking its turn on screen. */
export interface Snackbar {
  id: string;
  message: string;
  variant: SnackbarVariant;
}

/**
 * Adds a snackbar, shown at once: it answers the user's latest action, so an older success or
 * note still waiting (or on screen) is stale and dropped. Warnings and errors are kept, to show
 * after it. One queued under the same id is replaced.
 */
export function enqueue(queue: Snackbar[], item: Snackbar): Snackbar[] {
  const kept = queue.filter((s) => s.id !== item.id && (s.variant === 'error' || s.variant === 'warning'));
  return [item, ...kept];
}

/** Drops the snackbar with `id` (the one on screen when its time is up). */
export function dequeue(queue: Snackbar[], id: string): Snackbar[] {
  return queue.filter((s) => s.id !== id);
}
