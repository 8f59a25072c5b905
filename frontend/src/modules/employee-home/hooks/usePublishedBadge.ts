import { useCallback } from 'react';
import { useRecoilValue, useSetRecoilState } from 'recoil';
import { seenPublishedShiftsState } from '../states/seenPublishedShiftsState';
import { newPublishedCountSelector } from '../states/selectors/newPublishedCountSelector';

/** The count of new published shifts, and a way to mark shifts seen. */
export function usePublishedBadge() {
  const count = useRecoilValue(newPublishedCountSelector);
  const setSeen = useSetRecoilState(seenPublishedShiftsState);
  const markSeen = useCallback(
    (ids: string[]) => setSeen((seen) => [...new Set([...seen, ...ids])].slice(-500)),
    [setSeen],
  );
  return { count, markSeen };
}
