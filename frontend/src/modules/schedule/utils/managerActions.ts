import type { Shift } from '@/modules/api/types';

/** Which of a manager's own shift actions apply, by the same rules the server checks. */
export interface ManagerActions {
  /** `completeShift`: a shift under way, paused or missed is marked completed. */
  complete: boolean;
  /** `rateShift`: an assigned shift that has ended or was completed. */
  rate: boolean;
  /** `remindShift`: an upcoming published (not yet confirmed) shift with an assignee. */
  remind: boolean;
}

export function managerActions(shift: Pick<Shift, 'progress' | 'status' | 'assigned' | 'start' | 'end'>, now: number): ManagerActions {
  const assigned = shift.assigned != null;
  return {
    complete: shift.progress === 'ip' || shift.progress === 'p' || shift.progress === 'm',
    rate: assigned && (shift.end <= now || shift.progress === 'c'),
    remind: assigned && shift.status === 'published' && shift.start > now,
  };
}
