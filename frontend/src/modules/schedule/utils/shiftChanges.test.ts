import { describe, expect, it } from 'vitest';
import { shift } from '@/test/fixtures';
import { ShiftStore } from '../store/shiftStore';
import { applyShiftChange } from './shiftChanges';

describe('realtime shift changes', () => {
  it('applies created, updated and deleted changes and ignores other kinds', () => {
    const store = new ShiftStore();
    const a = shift({ id: 'a' });
    applyShiftChange(store, { storeId: 's', version: 1, type: 'shift.created', data: a, at: 0 });
    applyShiftChange(store, { storeId: 's', version: 2, type: 'shift.updated', data: { ...a, version: 2, status: 'published' }, at: 0 });
    expect(store.get('a')!.status).toBe('published');
    applyShiftChange(store, { storeId: 's', version: 3, type: 'role.created', data: {}, at: 0 });
    expect(store.size).toBe(1);
    // A late echo of an older version changes nothing.
    applyShiftChange(store, { storeId: 's', version: 1, type: 'shift.updated', data: a, at: 0 });
    expect(store.get('a')!.status).toBe('published');
    applyShiftChange(store, { storeId: 's', version: 4, type: 'shift.deleted', data: { id: 'a' }, at: 0 });
    expect(store.size).toBe(0);
  });
});
