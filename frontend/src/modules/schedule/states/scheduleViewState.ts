import { atom } from 'recoil';
import { preferenceEffect } from '@/modules/local-db/utils/preferenceEffect';
import { SCHEDULE_VIEWS, type ScheduleView } from '../utils/calendar';

/** The board's view, kept among this browser's preferences. */
export const scheduleViewState = atom<ScheduleView>({
  key: 'scheduleViewState',
  default: 'week',
  effects: [preferenceEffect('scheduleView', (v): v is ScheduleView => SCHEDULE_VIEWS.includes(v as ScheduleView))],
});
