import { ShiftPool } from '@/modules/pool/components/ShiftPool';

/** `/more/shiftpoll`: the employee's shift pool. */
export function ShiftPoolPage() {
  return <ShiftPool manager={false} />;
}

/** `/more/manager/shift-pool`: the manager's shift pool, with grabs to answer. */
export function ManagerShiftPoolPage() {
  return <ShiftPool manager />;
}
