import { useAtom } from 'jotai';
import { scheduleAnchorState } from '../states/scheduleAnchorState';
import { scheduleViewState } from '../states/scheduleViewState';

/** The board's view and the instant it is anchored at. */
export function useScheduleView() {
  const [view, setView] = useAtom(scheduleViewState);
  const [anchor, setAnchor] = useAtom(scheduleAnchorState);
  return { view, setView, anchor, setAnchor };
}
