import { describe, expect, it } from 'vitest';
import { firstGap, mergeMessages, newDay, typers, type Message } from './chat';

const m = (seq: number, timestamp = seq * 1000, content = `m${seq}`) =>
  ({ id: `id${seq}`, seq, timestamp, content, conversation: 'c', sender: null, type: 'text', replyTo: null, action: null, modified: false, deleted: false }) as Message;

describe('chat', () => {
  it('merges pages and live messages by id, in sequence', () => {
    const merged = mergeMessages([m(3), m(1)], [m(2), { ...m(3), content: 'edited' }]);
    expect(merged.map((x) => x.seq)).toEqual([1, 2, 3]);
    expect(merged[2]?.content).toBe('edited');
  });

  it('finds a gap to fill', () => {
    expect(firstGap([m(1), m(2), m(5)])).toBe(2);
    expect(firstGap([m(1), m(2)])).toBeNull();
  });

  it('puts a day separator before the first message of each day in the zone', () => {
    const day = 86_400_000;
    const list = [m(1, 0), m(2, 3_600_000), m(3, day + 1)];
    expect(newDay(list, 0, 'UTC')).toBe(true);
    expect(newDay(list, 1, 'UTC')).toBe(false);
    expect(newDay(list, 2, 'UTC')).toBe(true);
  });
});

describe('typing', () => {
  it('names who types in the conversation, not oneself', () => {
    const users = [
      { userId: 'u1', name: 'Ana', editing: 'typing:c1' },
      { userId: 'u2', name: 'Ben', editing: 'typing:c2' },
      { userId: 'u3', name: 'Me', editing: 'typing:c1' },
      { userId: 'u4', name: 'Sam', editing: 'shift-7' },
    ];
    expect(typers(users, 'c1', 'u3')).toEqual(['Ana']);
  });
});
