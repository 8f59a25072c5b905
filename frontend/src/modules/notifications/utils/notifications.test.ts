import { describe, expect, it } from 'vitest';
import type { AppNotification } from '@/modules/api/types';
import { mergeNotifications, unseenIds } from './notifications';

const note = (id: string, timestamp: number, seen = false): AppNotification => ({
  id,
  storeId: 's',
  title: id,
  content: '',
  seen,
  type: 'newshift',
  variant: 4,
  accessFor: 'u',
  shift: null,
  timestamp,
});

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
