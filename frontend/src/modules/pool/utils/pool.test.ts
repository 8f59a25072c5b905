import { describe, expect, it } from 'vitest';
import type { PoolEntry, Shift } from '@/modules/api/types';
import { dropRequest as drop, shift as fixture } from '@/test/fixtures';
import { poolAction, sortPool } from './pool';

const shift = (id: string, start: number): Shift =>
  fixture({ id, storeId: 's', title: 'Morning', start, end: start + 3_600_000, status: 'published', role: null });


describe('the shift pool', () => {
  it('offers open shifts to take and colleagues’ drops to grab', () => {
    expect(poolAction({ request: null, shift: shift('a', 1) }, 'me', false)).toBe('take');
    expect(poolAction({ request: drop('ana', 'pending'), shift: shift('a', 1) }, 'me', false)).toBe('grab');
    expect(poolAction({ request: drop('me', 'pending'), shift: shift('a', 1) }, 'me', false)).toBe('own');
  });

  it('shows a grab as waiting to the grabber and as a question to managers', () => {
    const grabbed: PoolEntry = { request: drop('ana', 'grabbed', 'me'), shift: shift('a', 1) };
    expect(poolAction(grabbed, 'me', false)).toBe('waiting');
    expect(poolAction(grabbed, 'ben', false)).toBe('none');
    expect(poolAction(grabbed, 'boss', true)).toBe('answer');
    expect(poolAction({ request: null, shift: shift('a', 1) }, 'boss', true)).toBe('none');
  });

  it('sorts by start, with grabs to answer first for managers', () => {
    const early: PoolEntry = { request: null, shift: shift('a', 1) };
    const late: PoolEntry = { request: drop('ana', 'grabbed', 'ben'), shift: shift('b', 5) };
    expect(sortPool([late, early], false).map((e) => e.shift.id)).toEqual(['a', 'b']);
    expect(sortPool([early, late], true).map((e) => e.shift.id)).toEqual(['b', 'a']);
  });
});
