import { describe, expect, it } from 'vitest';
import type { Shift } from '@/modules/api/types';
import { shift } from '@/test/fixtures';
import { applyToIndex, buildIndex, dayIndexOf, OPEN_ROW } from './boardIndex';
import { viewRange } from './calendar';

const zone = 'Europe/Berlin';
const range = viewRange('week', Date.UTC(2026, 10, 18, 12), zone);
const at = (day: number, hour: number) => range.days[day]! + hour * 3_600_000;

describe('the board index', () => {
  it('finds the local day an instant falls on, or none outside the range', () => {
    expect(dayIndexOf(range.days, range.end, range.days[0]!)).toBe(0);
    expect(dayIndexOf(range.days, range.end, range.days[3]! - 1)).toBe(2);
    expect(dayIndexOf(range.days, range.end, range.end)).toBe(6);
    expect(dayIndexOf(range.days, range.end, range.days[0]! - 1)).toBe(-1);
    expect(dayIndexOf(range.days, range.end, range.end + 1)).toBe(-1);
    expect(dayIndexOf([], 0, 0)).toBe(-1);
  });

  it('groups shifts by row and local day, by start, with each row’s minutes', () => {
    const index = buildIndex(
      [
        shift({ id: 'late', assigned: 'ana', start: at(1, 14), end: at(1, 18) }),
        shift({ id: 'early', assigned: 'ana', start: at(1, 8), end: at(1, 12) }),
        shift({ id: 'open', assigned: null, start: at(2, 9), end: at(2, 17) }),
        shift({ id: 'before', assigned: 'ana', start: range.days[0]! - 3_600_000, end: at(0, 2) }),
      ],
      range.days,
      range.end,
    );
    expect(index.rows.get('ana')!.cells.get(1)!.map((s) => s.id)).toEqual(['early', 'late']);
    expect(index.rows.get('ana')!.minutes).toBe(8 * 60);
    expect(index.rows.get(OPEN_ROW)!.cells.get(2)!.map((s) => s.id)).toEqual(['open']);
    // A shift starting before the range is not drawn in it.
    expect(index.placed.has('before')).toBe(false);
  });

  it('changes only the rows and cells a change set touches', () => {
    const a = shift({ id: 'a', assigned: 'ana', start: at(1, 8), end: at(1, 12) });
    const b = shift({ id: 'b', assigned: 'ben', start: at(2, 8), end: at(2, 12) });
    const c = shift({ id: 'c', assigned: 'cy', start: at(3, 8), end: at(3, 12) });
    const held = new Map<string, Shift>([a, b, c].map((s) => [s.id, s]));
    const before = buildIndex(held.values(), range.days, range.end);

    // Ana's shift moves to Ben on another day; Cy is untouched.
    held.set('a', { ...a, assigned: 'ben', start: at(4, 8), end: at(4, 10), version: 2 });
    const after = applyToIndex(before, ['a'], (id) => held.get(id));
    expect(after.rows.get('cy')).toBe(before.rows.get('cy'));
    expect(after.rows.get('ben')).not.toBe(before.rows.get('ben'));
    expect(after.rows.get('ben')!.cells.get(2)).toBe(before.rows.get('ben')!.cells.get(2));
    expect(after.rows.get('ben')!.cells.get(4)!.map((s) => s.id)).toEqual(['a']);
    expect(after.rows.get('ben')!.minutes).toBe(6 * 60);
    expect(after.rows.get('ana')!.cells.size).toBe(0);
    expect(after.rows.get('ana')!.minutes).toBe(0);
    // The index it came from is left as it was.
    expect(before.rows.get('ana')!.cells.get(1)!.map((s) => s.id)).toEqual(['a']);

    // Removed, or moved out of the range: gone from the board.
    held.delete('b');
    held.set('c', { ...c, start: range.end + 1, end: range.end + 3_600_000, version: 2 });
    const gone = applyToIndex(after, ['b', 'c'], (id) => held.get(id));
    expect(gone.placed.has('b')).toBe(false);
    expect(gone.placed.has('c')).toBe(false);
    expect(gone.rows.get('ben')!.cells.get(2)).toBeUndefined();
    expect(gone.rows.get('ben')!.cells.get(4)).toBe(after.rows.get('ben')!.cells.get(4));
  });

  it('copies a cell once however many changes of a batch touch it', () => {
    const shifts = Array.from({ length: 3 }, (_, i) => shift({ id: `s${i}`, assigned: 'ana', start: at(1, 8 + i), end: at(1, 9 + i) }));
    const held = new Map(shifts.map((s) => [s.id, s]));
    const index = buildIndex(held.values(), range.days, range.end);
    for (const s of shifts) held.set(s.id, { ...s, title: 'Renamed', version: 2 });
    const next = applyToIndex(index, ['s2', 's0', 's1'], (id) => held.get(id));
    expect(next.rows.get('ana')!.cells.get(1)!.map((s) => [s.id, s.title])).toEqual([
      ['s0', 'Renamed'],
      ['s1', 'Renamed'],
      ['s2', 'Renamed'],
    ]);
    expect(next.rows.get('ana')!.minutes).toBe(180);
  });
});
