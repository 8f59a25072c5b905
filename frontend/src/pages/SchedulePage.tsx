import { Schedule } from '@/modules/schedule/components/Schedule';

/** `/schedule`: the managers' board. */
export function SchedulePage() {
  return <Schedule />;
}
