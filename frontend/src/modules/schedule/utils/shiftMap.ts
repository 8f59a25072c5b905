import type { Shift, ShiftId } from '@/modules/api/types';
import { CHANGE_TYPES, type ChangeEvent } from '@/modules/realtime/events';

/** Shifts by id. */
export type ShiftMap = Record<string, Shift>;

/** Puts a shift in the map unless the map already holds a newer version of it. */
export function upsertShift(map: ShiftMap, shift: Shift): ShiftMap {
  const current = map[shift.id];
  if (current && current.version > shift.version) return map;
  return { ...map, [shift.id]: shift };
}

/** Merges shifts read over HTTP: every shift newer than the map's copy wins. */
export function mergeShifts(map: ShiftMap, shifts: Shift[]): ShiftMap {
  return shifts.reduce(upsertShift, map);
}

/** Removes a shift. */
export function removeShift(map: ShiftMap, id: string): ShiftMap {
  if (!(id in map)) return map;
  const { [id]: _gone, ...rest } = map;
  return rest;
}

/** Applies a realtime change to the map; changes of other kinds leave it as it is. */
export function applyShiftChange(map: ShiftMap, event: ChangeEvent): ShiftMap {
  switch (event.type) {
    case CHANGE_TYPES.shiftCreated:
    case CHANGE_TYPES.shiftUpdated:
      return upsertShift(map, event.data as Shift);
    case CHANGE_TYPES.shiftDeleted:
      return removeShift(map, (event.data as { id: ShiftId }).id);
    default:
      return map;
  }
}

/** Shifts overlapping `[start, end]`, by start time. */
export function shiftsBetween(map: ShiftMap, start: number, end: number): Shift[] {
  return Object.values(map)
    .filter((s) => s.start <= end && s.end >= start)
    .sort((a, b) => a.start - b.start || a.id.localeCompare(b.id));
}
