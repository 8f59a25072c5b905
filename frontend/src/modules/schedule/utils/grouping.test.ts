import { describe, expect, it } from 'vitest';
import { employee, shift } from '@/test/fixtures';
import { assignableEmployees, publishable } from './grouping';

describe('assignableEmployees', () => {
  it('offers only active employees holding the role', () => {
    const list = [
      employee({ id: 'a', role: ['r1'] }),
      employee({ id: 'b', role: ['r2'] }),
      employee({ id: 'c', role: ['r1'], deactive: true }),
    ];
    expect(assignableEmployees(list, 'r1').map((e) => e.id)).toEqual(['a']);
  });
});

describe('publishable', () => {
  it('takes drafts with an assignee only', () => {
    const ids = publishable([
      shift({ id: 'd', status: 'draft', assigned: 'e' }),
      shift({ id: 'open', status: 'draft', assigned: null }),
      shift({ id: 'p', status: 'published', assigned: 'e' }),
    ]).map((s) => s.id);
    expect(ids).toEqual(['d']);
  });
});
