import type { Shift, ShiftId } from '@/modules/api/types';
import { CHANGE_TYPES, type ChangeEvent } from '@/modules/realtime/events';
import type { ShiftStore } from '../store/shiftStore';

/** Applies a realtime change to the store; changes of other kinds leave it as it is. */
export function applyShiftChange(store: ShiftStore, event: ChangeEvent): void {
  switch (event.type) {
    case CHANGE_TYPES.shiftCreated:
    case CHANGE_TYPES.shiftUpdated:
      store.upsert([event.data as Shift]);
      break;
    case CHANGE_TYPES.shiftDeleted:
      store.remove([(event.data as { id: ShiftId }).id]);
      break;
    default:
  }
}
