import { describe, expect, it } from 'vitest';
import { breakDrafts, breaksOf, describeEdit } from './sessionEdit';

const H = 3_600_000;
const T0 = Date.UTC(2026, 10, 23, 8, 0);
const hhmm = (at: number) => new Date(at).toISOString().slice(11, 16);

describe('session edits', () => {
  it('names what a correction changed, from what to what', () => {
    const before = { start: T0, end: null, breaks: [] };
    const after = { start: T0 - H / 2, end: T0 + 8 * H, breaks: [{ start: T0 + 4 * H, end: T0 + 4.5 * H }] };
    expect(describeEdit(before, after, hhmm)).toEqual([
      { field: 'start', from: '08:00', to: '07:30' },
      { field: 'end', from: '…', to: '16:00' },
      { field: 'breaks', from: '—', to: '12:00–12:30' },
    ]);
  });

  it('gives nothing for an unchanged session or sides that are not sessions', () => {
    const s = { start: T0, end: T0 + H, breaks: [{ start: T0 + 10, end: null }] };
    expect(describeEdit(s, { ...s, breaks: [...s.breaks] }, hhmm)).toEqual([]);
    expect(describeEdit({}, s, hhmm)).toEqual([]);
    expect(describeEdit(null, undefined, hhmm)).toEqual([]);
  });

  it('turns the dialog rows into breaks in the store zone, in order, skipping empty rows', () => {
    const zone = 'Europe/Berlin';
    const drafts = breakDrafts({ breaks: [{ start: T0 + 2 * H, end: null }, { start: T0, end: T0 + H / 4 }] }, zone);
    expect(drafts.map(({ start, end }) => ({ start, end }))).toEqual([
      { start: '2026-11-23T11:00', end: '' },
      { start: '2026-11-23T09:00', end: '2026-11-23T09:15' },
    ]);
    expect(breaksOf([...drafts, { start: '', end: '' }], zone)).toEqual([
      { start: T0, end: T0 + H / 4 },
      { start: T0 + 2 * H, end: null },
    ]);
  });

  it('keeps the seconds of a value left alone and takes the minute of a changed one', () => {
    const zone = 'Europe/Berlin';
    const at = T0 + 42_500;
    const [d] = breakDrafts({ breaks: [{ start: at, end: at + 30_000 }] }, zone);
    expect(breaksOf([d!], zone)).toEqual([{ start: at, end: at + 30_000 }]);
    expect(breaksOf([{ ...d!, end: '2026-11-23T09:30' }], zone)).toEqual([{ start: at, end: T0 + H / 2 }]);
  });
});
