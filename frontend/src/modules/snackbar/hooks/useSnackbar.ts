import { useCallback } from 'react';
import { useSetAtom } from 'jotai';
import { snackbarQueueState } from '../states/snackbarQueueState';
import { enqueue, type SnackbarVariant } from '../utils/queue';

let counter = 0;

/** Shows snackbars; pass an `id` to replace a queued one with the same id. */
export function useSnackbar() {
  const setQueue = useSetAtom(snackbarQueueState);
  return useCallback(
    (message: string, variant: SnackbarVariant = 'info', id?: string) => {
      counter += 1;
      setQueue((queue) => enqueue(queue, { id: id ?? `snack-${counter}`, message, variant }));
    },
    [setQueue],
  );
}
