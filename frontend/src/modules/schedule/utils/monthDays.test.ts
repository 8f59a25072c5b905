import { describe, expect, it } from 'vitest';
import type { Role } from '@/modules/api/types';
import { shift } from '@/test/fixtures';
import { roleCounts } from './monthDays';

const role = (id: string): Role => ({ id, title: id, color: '#000' }) as Role;

describe('a busy day in the month view', () => {
  it('counts shifts per role in the store’s order, unknown roles last', () => {
    const roles = [role('bar'), role('kitchen'), role('floor')];
    const shifts = [shift({ role: 'kitchen' }), shift({ role: 'bar' }), shift({ role: 'kitchen' }), shift({ role: 'gone' }), shift({ role: null })];
    expect(roleCounts(shifts, roles).map(({ role: r, count }) => [r?.id ?? null, count])).toEqual([
      ['bar', 1],
      ['kitchen', 2],
      [null, 2],
    ]);
    expect(roleCounts([], roles)).toEqual([]);
  });
});
