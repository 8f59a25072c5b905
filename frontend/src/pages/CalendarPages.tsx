import { CalendarShiftDetails } from '@/modules/calendar/components/CalendarShiftDetails';
import { EmployeeCalendar } from '@/modules/calendar/components/EmployeeCalendar';

/** `/calendar`: the employee's shifts by month or week. */
export function CalendarPage() {
  return <EmployeeCalendar />;
}

/** `/calendar-shift-details`: one shift of the employee's and their answers to it. */
export function CalendarShiftDetailsPage() {
  return <CalendarShiftDetails />;
}
