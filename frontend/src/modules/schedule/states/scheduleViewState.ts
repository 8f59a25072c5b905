import { preferenceAtom } from '@/modules/local-db/utils/preferenceAtom';
import { SCHEDULE_VIEWS, type ScheduleView } from '../utils/calendar';

/** The board's view, kept among this browser's preferences. */
export const scheduleViewState = preferenceAtom<ScheduleView>('scheduleView', 'week', (v): v is ScheduleView => SCHEDULE_VIEWS.includes(v as ScheduleView));
