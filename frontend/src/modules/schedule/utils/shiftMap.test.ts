import { describe, expect, it } from 'vitest';
import { shift } from '@/test/fixtures';
import { applyShiftChange, mergeShifts, shiftsBetween, upsertShift } from './shiftMap';

describe('shift map', () => {
  it('keeps the newer version of a shift', () => {
    const v2 = shift({ id: 'a', version: 2, title: 'new' });
    const map = upsertShift({}, v2);
    expect(upsertShift(map, { ...v2, version: 1, title: 'old' }).a!.title).toBe('new');
    expect(upsertShift(map, { ...v2, version: 3, title: 'newer' }).a!.title).toBe('newer');
    expect(mergeShifts(map, [{ ...v2, version: 1 }])).toBe(map);
  });

  it('applies created, updated and deleted changes and ignores other kinds', () => {
    const a = shift({ id: 'a' });
    let map = applyShiftChange({}, { storeId: 's', version: 1, type: 'shift.created', data: a, at: 0 });
    map = applyShiftChange(map, { storeId: 's', version: 2, type: 'shift.updated', data: { ...a, version: 2, status: 'published' }, at: 0 });
    expect(map.a!.status).toBe('published');
    expect(applyShiftChange(map, { storeId: 's', version: 3, type: 'role.created', data: {}, at: 0 })).toBe(map);
    map = applyShiftChange(map, { storeId: 's', version: 4, type: 'shift.deleted', data: { id: 'a' }, at: 0 });
    expect(map).toEqual({});
  });

  it('selects shifts overlapping a range in start order', () => {
    const map = mergeShifts({}, [
      shift({ id: 'late', start: 300, end: 400 }),
      shift({ id: 'early', start: 100, end: 200 }),
      shift({ id: 'outside', start: 500, end: 600 }),
      shift({ id: 'spanning', start: 50, end: 150 }),
    ]);
    expect(shiftsBetween(map, 100, 450).map((s) => s.id)).toEqual(['spanning', 'early', 'late']);
  });
});
