import { useState } from 'react';
import type { Shift } from '@/modules/api/types';
import { useShiftActions } from '@/modules/schedule/hooks/useShifts';
import { useReportedCall } from '@/modules/snackbar/hooks/useReportedCall';
import { useCurrentStore } from '@/modules/stores/hooks/useCurrentStore';
import { usePublishedBadge } from './usePublishedBadge';

/**
 * An employee's answers to their shifts, as the home and the calendar offer them: confirm or
 * decline a published shift, drop one into the pool. Each reports in a snackbar; `busy` names
 * the shift whose answer is on its way.
 */
export function useShiftResponses() {
  const { storeId } = useCurrentStore();
  const actions = useShiftActions(storeId);
  const { run, call } = useReportedCall();
  const { markSeen } = usePublishedBadge();
  const [busy, setBusy] = useState<string | null>(null);

  const respond = async (shift: Shift, answer: 'confirmShift' | 'declineShift') => {
    setBusy(shift.id);
    const answered = await run(() => actions.respond(shift, answer), {
      key: `respond-${shift.id}`,
      done: answer === 'confirmShift' ? 'home.confirmed' : 'home.declined',
    });
    if (answered) markSeen([shift.id]);
    setBusy(null);
  };

  const drop = async (shift: Shift) => {
    setBusy(shift.id);
    await call('dropShift', { store: storeId, shift: shift.id }, { key: `drop-${shift.id}`, done: 'home.dropped' });
    setBusy(null);
  };

  return { busy, respond, drop };
}
