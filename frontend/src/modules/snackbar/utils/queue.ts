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
 * Adds a snackbar at the back of the queue. One already queued under the same id is removed,
 * so a repeated message shows once, in its latest form.
 */
export function enqueue(queue: Snackbar[], item: Snackbar): Snackbar[] {
  return [...queue.filter((s) => s.id !== item.id), item];
}

/** Drops the snackbar with `id` (the one on screen when its time is up). */
export function dequeue(queue: Snackbar[], id: string): Snackbar[] {
  return queue.filter((s) => s.id !== id);
}
