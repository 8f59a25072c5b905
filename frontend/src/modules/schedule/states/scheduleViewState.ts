import { atom } from 'recoil';
import type { ScheduleView } from '../utils/calendar';

/** The board's view. */
export const scheduleViewState = atom<ScheduleView>({
  key: 'scheduleViewState',
  default: 'week',
});
