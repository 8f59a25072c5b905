import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/modules/api/errors';
import type { CallInput, CallName, CallOutput } from '@/modules/api/types';
import { useShiftCalls } from '@/modules/schedule/hooks/useShiftCalls';
import { useSnackbar } from '@/modules/snackbar/hooks/useSnackbar';

/** How a call is reported: the snackbar id it uses, and the catalogue key of its success text. */
export interface Report {
  key: string;
  done?: string;
}

/**
 * Runs store calls and reports each in a snackbar: the `done` text on success, the server's
 * message on failure. A call answers `{ data }`, or `null` after a failure; `busy` is true
 * while one runs.
 */
export function useReportedCall() {
  const { t } = useTranslation();
  const snack = useSnackbar();
  const run = useShiftCalls();
  const [busy, setBusy] = useState(false);
  const call = useCallback(
    async <N extends CallName>(name: N, payload: CallInput<N>, report: Report): Promise<{ data: CallOutput<N> } | null> => {
      setBusy(true);
      try {
        const data = await run(name, payload);
        if (report.done) snack(t(report.done), 'success', report.key);
        return { data };
      } catch (e) {
        snack(errorText(t, e), 'error', report.key);
        return null;
      } finally {
        setBusy(false);
      }
    },
    [run, snack, t],
  );
  return { call, busy };
}
