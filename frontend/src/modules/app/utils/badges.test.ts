import { describe, expect, it } from 'vitest';
import type { PoolEntry } from '@/modules/api/types';
import { dropRequest, notification, shift } from '@/test/fixtures';
import { badgeCounts, badgeText } from './badges';

const open: PoolEntry = { request: null, shift: shift({ status: 'published' }) };
const colleaguesDrop: PoolEntry = { request: dropRequest('ana', 'pending'), shift: shift() };
const myDrop: PoolEntry = { request: dropRequest('me', 'pending'), shift: shift() };
const grabbed: PoolEntry = { request: dropRequest('ana', 'grabbed', 'ben'), shift: shift() };

describe('navigation badges', () => {
  it('count unseen notifications once across the private and public lists', () => {
    const lists = { private: [notification('a', 1), notification('b', 2, true)], public: [notification('a', 1), notification('c', 3)] };
    expect(badgeCounts(lists, null, 'me', false).notifications).toBe(2);
    expect(badgeCounts(null, null, 'me', false).notifications).toBe(0);
  });

  it('count the pool entries waiting for the viewer', () => {
    const pool = [open, colleaguesDrop, myDrop, grabbed];
    expect(badgeCounts(null, pool, 'me', false).shiftpoll, 'an open shift and a drop to grab').toBe(2);
    expect(badgeCounts(null, pool, 'boss', true).shiftpoll, 'a grab to answer').toBe(1);
    expect(badgeCounts(null, pool, null, false).shiftpoll, 'no employee record yet').toBe(0);
  });

  it('count unread messages across conversations', () => {
    expect(badgeCounts(null, null, 'me', false, [{ unread: 2 }, { unread: 0 }, { unread: 5 }]).messages).toBe(7);
    expect(badgeCounts(null, null, 'me', false).messages).toBe(0);
  });

  it('cap what they show at 99+', () => {
    expect(badgeText(7)).toBe('7');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
    expect(badgeText(7, 'fa')).toBe('۷');
    expect(badgeText(120, 'fa')).toBe('۹۹+');
  });
});
