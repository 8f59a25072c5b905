import { useCallback, useMemo } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { useShiftStoreVersion } from '@/modules/schedule/hooks/useShiftStore';
import { shiftStore } from '@/modules/schedule/store/shiftStore';
import { storeDetailState } from '@/modules/stores/states/storeDetailState';
import { seenPublishedShiftsState } from '../states/seenPublishedShiftsState';
import { newPublished } from '../utils/myShifts';

/** The count of new published shifts of the signed-in employee (the badge), and a way to mark shifts seen. */
export function usePublishedBadge() {
  const me = useAtomValue(storeDetailState)?.employee;
  const seen = useAtomValue(seenPublishedShiftsState);
  const version = useShiftStoreVersion();
  const count = useMemo(
    () => (me ? newPublished([...shiftStore.values()], me.id, seen).length : 0),
    // `version` changes with the shifts held; the store itself is one object.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [me, seen, version],
  );
  const setSeen = useSetAtom(seenPublishedShiftsState);
  const markSeen = useCallback(
    (ids: string[]) => setSeen((seen) => [...new Set([...seen, ...ids])].slice(-500)),
    [setSeen],
  );
  return { count, markSeen };
}
