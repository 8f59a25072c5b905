import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/modules/api/errors';
import type { CallInput, CallName, CallOutput } from '@/modules/api/types';
import { useShiftCalls } from '@/modules/schedule/hooks/useShiftCalls';
import type { SnackbarVariant } from '../utils/queue';
import { useSnackbar } from './useSnackbar';

/** A success's text, shown as a success unless it names its own variant. */
export type Said = string | { text: string; variant: SnackbarVariant };

/** How a call is reported. */
export interface Report<T = unknown> {
  /** The snackbar's id: a later report under the same key replaces this one. */
  key?: string;
  /**
   * What success says: a catalogue key, or the text made from the answer (`null` says
   * nothing). Without it, success is silent.
   */
  done?: string | ((out: T) => Said | null);
  /**
   * A failure's text, where the server's (by its code) is not the whole story; `null` when the
   * caller shows this failure its own way.
   */
  failed?: (error: unknown) => string | null;
  /**
   * Shows a failure on the form instead of in a snackbar; it is given `null` as the call
   * starts, which clears the last one.
   */
  inline?: (failure: string | null) => void;
}

/** What a reported call answers: `{ data }`, or `null` after a failure (already shown). */
export type Reported<T> = { data: T } | null;

/**
 * Runs calls and reports each: the `done` text on success, the failure's text (the server's
 * message by its code) in a snackbar or on the form. `call` runs a store call (over the
 * socket while connected), `run` any work. Neither throws. `busy` is true while one of this
 * hook's calls runs.
 */
export function useReportedCall() {
  const { t } = useTranslation();
  const snack = useSnackbar();
  const storeCall = useShiftCalls();
  const running = useRef(0);
  const [busy, setBusy] = useState(false);

  const run = useCallback(
    async <T>(work: () => Promise<T>, report: Report<T> = {}): Promise<Reported<T>> => {
      running.current += 1;
      setBusy(true);
      report.inline?.(null);
      try {
        const data = await work();
        const said = typeof report.done === 'function' ? report.done(data) : report.done ? t(report.done) : null;
        if (said !== null) {
          if (typeof said === 'string') snack(said, 'success', report.key);
          else snack(said.text, said.variant, report.key);
        }
        return { data };
      } catch (e) {
        const text = report.failed ? report.failed(e) : errorText(t, e);
        if (text === null) return null;
        if (report.inline) report.inline(text);
        else snack(text, 'error', report.key);
        return null;
      } finally {
        running.current -= 1;
        setBusy(running.current > 0);
      }
    },
    [snack, t],
  );

  const call = useCallback(
    <N extends CallName>(name: N, payload: CallInput<N>, report: Report<CallOutput<N>> = {}): Promise<Reported<CallOutput<N>>> =>
      run(() => storeCall(name, payload), report),
    [run, storeCall],
  );

  return { call, run, busy };
}
