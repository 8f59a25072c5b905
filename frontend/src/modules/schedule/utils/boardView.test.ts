import { describe, expect, it } from 'vitest';
import type { Role } from '@/modules/api/types';
import { employee, shift } from '@/test/fixtures';
import { buildIndex } from './boardIndex';
import { boardLines, dayTotals, folded, NO_FILTER, reuseLines, shiftShown, type BoardFilter } from './boardView';
import { viewRange } from './calendar';

const zone = 'UTC';
const range = viewRange('week', Date.UTC(2026, 10, 18, 12), zone);
const at = (day: number, hour: number) => range.days[day]! + hour * 3_600_000;
const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });
const role = (id: string): Role => ({ id, title: id, color: '#000' }) as Role;
const roles = [role('bar'), role('kitchen')];

const people = [
  employee({ id: 'e10', displayName: 'Employee 10', role: ['bar'] }),
  employee({ id: 'e2', displayName: 'Employee 2', role: ['kitchen'] }),
  employee({ id: 'e1', displayName: 'Émile 1', email: 'emile@example.com', role: ['bar'] }),
  employee({ id: 'gone', displayName: 'Gone', deactive: true }),
];
const shifts = [
  shift({ id: 'a', assigned: 'e10', role: 'bar', status: 'published', start: at(0, 8), end: at(0, 16) }),
  shift({ id: 'b', assigned: 'e2', role: 'kitchen', status: 'draft', start: at(0, 9), end: at(0, 13) }),
  shift({ id: 'c', assigned: null, role: 'kitchen', status: 'draft', start: at(1, 9), end: at(1, 12) }),
  shift({ id: 'd', assigned: 'e1', role: 'bar', status: 'dropped', start: at(1, 8), end: at(1, 18) }),
];
const index = buildIndex(shifts, range.days, range.end);
const keys = (filter: Partial<BoardFilter>) => boardLines(index, people, roles, { ...NO_FILTER, ...filter }, collator).map((l) => l.key);

describe('finding people on the board', () => {
  it('sorts names in natural order with the open shifts first, and leaves idle former members out', () => {
    expect(keys({})).toEqual(['open', 'e1', 'e2', 'e10']);
    expect(keys({ sort: 'hours' })).toEqual(['open', 'e1', 'e10', 'e2']);
    expect(keys({ sort: 'role' })).toEqual(['open', 'e1', 'e10', 'e2']);
  });

  it('searches names and e-mails without case or accents', () => {
    expect(folded('Émile')).toBe('emile');
    expect(keys({ search: 'emile' })).toEqual(['e1']);
    expect(keys({ search: 'EMPLOYEE 1' })).toEqual(['e10']);
    expect(keys({ search: 'nobody' })).toEqual([]);
  });

  it('filters by role and by status', () => {
    expect(keys({ role: 'kitchen' })).toEqual(['open', 'e2']);
    expect(keys({ status: 'draft' })).toEqual(['open', 'e2']);
    expect(keys({ status: 'open' })).toEqual(['open']);
    expect(keys({ status: 'unconfirmed' })).toEqual(['e10']);
    expect(keys({ status: 'dropped', role: 'kitchen' })).toEqual([]);
    expect(shiftShown(shifts[3]!, { ...NO_FILTER, status: 'dropped' })).toBe(true);
  });

  it('totals hours and shifts per day over what is shown', () => {
    const all = boardLines(index, people, roles, NO_FILTER, collator);
    expect(dayTotals(all, 7, NO_FILTER).slice(0, 3)).toEqual([
      { minutes: 12 * 60, shifts: 2 },
      { minutes: 13 * 60, shifts: 2 },
      { minutes: 0, shifts: 0 },
    ]);
    const kitchen = { ...NO_FILTER, role: 'kitchen' };
    expect(dayTotals(boardLines(index, people, roles, kitchen, collator), 7, kitchen).slice(0, 2)).toEqual([
      { minutes: 4 * 60, shifts: 1 },
      { minutes: 3 * 60, shifts: 1 },
    ]);
  });

  it('keeps the objects of lines whose data did not change', () => {
    const first = boardLines(index, people, roles, NO_FILTER, collator);
    const previous = new Map(first.map((l) => [l.key, l]));
    const again = reuseLines(previous, boardLines(index, people, roles, NO_FILTER, collator));
    expect(again.every((l, i) => l === first[i])).toBe(true);
  });
});
