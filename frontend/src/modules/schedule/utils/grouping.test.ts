import { describe, expect, it } from 'vitest';
import { employee, shift } from '@/test/fixtures';
import { assignableEmployees, groupByEmployee, publishable } from './grouping';

const zone = 'Europe/Berlin';

describe('groupByEmployee', () => {
  it('puts open shifts first, then employees by name, each shift under its local start day', () => {
    const ana = employee({ id: 'e-ana', displayName: 'Ana' });
    const ben = employee({ id: 'e-ben', displayName: 'Ben' });
    const rows = groupByEmployee(
      [
        shift({ id: 's1', assigned: 'e-ben', start: Date.UTC(2026, 10, 16, 8), end: Date.UTC(2026, 10, 16, 16) }),
        shift({ id: 's2', assigned: null, start: Date.UTC(2026, 10, 16, 23, 30), end: Date.UTC(2026, 10, 17, 3) }),
        shift({ id: 's3', assigned: 'e-ana', start: Date.UTC(2026, 10, 17, 8), end: Date.UTC(2026, 10, 17, 12) }),
      ],
      [ben, ana],
      zone,
    );
    expect(rows.map((r) => r.key)).toEqual(['open', 'e-ana', 'e-ben']);
    // 23:30 UTC on the 16th is the 17th in Berlin.
    expect(Object.keys(rows[0]!.cells)).toEqual(['2026-11-17']);
    expect(rows[1]!.cells['2026-11-17']!.map((s) => s.id)).toEqual(['s3']);
    expect(rows[2]!.minutes).toBe(8 * 60);
  });

  it('leaves deactivated employees out unless they still hold a shift', () => {
    const gone = employee({ id: 'e-gone', displayName: 'Gone', deactive: true });
    const idle = employee({ id: 'e-idle', displayName: 'Idle', deactive: true });
    const rows = groupByEmployee([shift({ assigned: 'e-gone' })], [gone, idle], zone);
    expect(rows.map((r) => r.key)).toEqual(['open', 'e-gone']);
  });
});

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
