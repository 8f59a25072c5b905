import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Shift } from '@/modules/api/types';
import { errorText } from '@/modules/api/errors';
import { useShiftCalls } from '@/modules/schedule/hooks/useShiftCalls';
import { useShiftActions } from '@/modules/schedule/hooks/useShifts';
import { useSnackbar } from '@/modules/snackbar/hooks/useSnackbar';
import { useCurrentStore } from '@/modules/stores/hooks/useCurrentStore';
import { usePublishedBadge } from './usePublishedBadge';

/**
 * An employee's answers to their shifts, as the home and the calendar offer them: confirm or
 * decline a published shift, drop one into the pool. Each reports in a snackbar; `busy` names
 * the shift whose answer is on its way.
 */
export function useShiftResponses() {
  const { t } = useTranslation();
  const snack = useSnackbar();
  const { storeId } = useCurrentStore();
  const actions = useShiftActions(storeId);
  const run = useShiftCalls();
  const { markSeen } = usePublishedBadge();
  const [busy, setBusy] = useState<string | null>(null);

  const respond = async (shift: Shift, answer: 'confirmShift' | 'declineShift') => {
    setBusy(shift.id);
    try {
      await actions.respond(shift, answer);
      markSeen([shift.id]);
      snack(t(answer === 'confirmShift' ? 'home.confirmed' : 'home.declined'), 'success', `respond-${shift.id}`);
    } catch (e) {
      snack(errorText(t, e), 'error', `respond-${shift.id}`);
    } finally {
      setBusy(null);
    }
  };

  const drop = async (shift: Shift) => {
    setBusy(shift.id);
    try {
      await run('dropShift', { store: storeId, shift: shift.id });
      snack(t('home.dropped'), 'success', `drop-${shift.id}`);
    } catch (e) {
      snack(errorText(t, e), 'error', `drop-${shift.id}`);
    } finally {
      setBusy(null);
    }
  };

  return { busy, respond, drop };
}
