import { describe, expect, it } from 'vitest';
import { shift } from '@/test/fixtures';
import { canDrop, canRespond, DROP_CUTOFF_MS, newPublished } from './myShifts';

describe('published badge', () => {
  it('counts the employee’s published shifts not seen yet', () => {
    const shifts = [
      shift({ id: 'a', assigned: 'me', status: 'published' }),
      shift({ id: 'b', assigned: 'me', status: 'published' }),
      shift({ id: 'c', assigned: 'me', status: 'confirmed' }),
      shift({ id: 'd', assigned: 'other', status: 'published' }),
    ];
    expect(newPublished(shifts, 'me', ['b']).map((s) => s.id)).toEqual(['a']);
  });

  it('lets the assignee answer a published shift before it starts', () => {
    const s = shift({ assigned: 'me', status: 'published', start: 1000 });
    expect(canRespond(s, 'me', 999)).toBe(true);
    expect(canRespond(s, 'me', 1000)).toBe(false);
    expect(canRespond(s, 'other', 0)).toBe(false);
    expect(canRespond({ ...s, status: 'confirmed' }, 'me', 0)).toBe(false);
  });

  it('lets the assignee drop an announced shift up to an hour before it starts', () => {
    const s = shift({ assigned: 'me', status: 'confirmed', start: DROP_CUTOFF_MS + 1000 });
    expect(canDrop(s, 'me', 1000)).toBe(true);
    expect(canDrop(s, 'me', 1001)).toBe(false);
    expect(canDrop({ ...s, status: 'published' }, 'me', 0)).toBe(true);
    expect(canDrop({ ...s, status: 'dropped' }, 'me', 0)).toBe(false);
    expect(canDrop(s, 'other', 0)).toBe(false);
    expect(canDrop(s, 'me', 0, false), 'the role allows no swaps').toBe(false);
  });
});
