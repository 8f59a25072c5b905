import { describe, expect, it } from 'vitest';
import { notification as note } from '@/test/fixtures';
import { mergeNotifications, unseenIds } from './notifications';


describe('notifications', () => {
  it('merges private and public lists newest first, each once', () => {
    const merged = mergeNotifications({ private: [note('a', 1), note('b', 3)], public: [note('c', 2), note('a', 1)] });
    expect(merged.map((n) => n.id)).toEqual(['b', 'c', 'a']);
    expect(mergeNotifications(null)).toEqual([]);
  });

  it('lists the unseen ones', () => {
    expect(unseenIds([note('a', 1, true), note('b', 2)])).toEqual(['b']);
  });
});
