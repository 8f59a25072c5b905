import { useRecoilState } from 'recoil';
import { scheduleAnchorState } from '../states/scheduleAnchorState';
import { scheduleViewState } from '../states/scheduleViewState';

/** The board's view and the instant it is anchored at. */
export function useScheduleView() {
  const [view, setView] = useRecoilState(scheduleViewState);
  const [anchor, setAnchor] = useRecoilState(scheduleAnchorState);
  return { view, setView, anchor, setAnchor };
}
