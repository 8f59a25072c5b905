import { describe, expect, it } from 'vitest';
import { shift } from '@/test/fixtures';
import { ShiftStore, shiftsBetween, type ChangeSet } from './shiftStore';

describe('the shift store', () => {
  it('keeps the newest version and reports one change set per batch', async () => {
    const store = new ShiftStore();
    const seen: ChangeSet[] = [];
    store.subscribe((c) => seen.push(c));
    const a1 = shift({ id: 'a', version: 1 });
    store.upsert([a1, shift({ id: 'b', version: 1 })]);
    store.upsert([shift({ id: 'a', version: 2, title: 'Later' })]);
    await Promise.resolve();
    expect(seen).toHaveLength(1);
    expect([...seen[0]!.ids]).toEqual(['a', 'b']);
    expect(seen[0]!.before.size).toBe(0);
    expect(store.get('a')!.title).toBe('Later');

    // An older or equal version changes nothing and keeps the object.
    const held = store.get('a');
    store.upsert([shift({ id: 'a', version: 2, title: 'Same' }), shift({ id: 'a', version: 1 })]);
    await Promise.resolve();
    expect(seen).toHaveLength(1);
    expect(store.get('a')).toBe(held);

    store.remove(['b', 'missing']);
    store.flush();
    expect(seen).toHaveLength(2);
    expect(seen[1]!.before.get('b')!.id).toBe('b');
    expect(store.version).toBe(2);
  });

  it('lists the shifts of a range by start', () => {
    const shifts = [shift({ id: 'b', start: 30, end: 40 }), shift({ id: 'a', start: 10, end: 20 })];
    expect(shiftsBetween(shifts, 15, 50).map((s) => s.id)).toEqual(['a', 'b']);
    expect(shiftsBetween(shifts, 25, 50).map((s) => s.id)).toEqual(['b']);
  });
});
