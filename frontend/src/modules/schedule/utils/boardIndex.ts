import type { Shift } from '@/modules/api/types';

/** The key of the open-shifts row. */
export const OPEN_ROW = 'open';

/** One row of the board: an employee's shifts (or the open shifts) by day index. */
export interface IndexedRow {
  /** `open` for the open-shifts row, otherwise the employee record id. */
  key: string;
  /** Shifts by the index of the day they start on, by start time. */
  cells: ReadonlyMap<number, readonly Shift[]>;
  /** Scheduled minutes in the range. */
  minutes: number;
}

/**
 * The shifts of a range grouped by row and day, built once and then changed per change set:
 * a batch replaces only the rows and cell lists it touches, so everything else keeps its
 * identity and memoised rows and cells do not render again.
 */
export interface BoardIndex {
  /** Local midnight of every day shown. */
  days: readonly number[];
  /** The last instant shown. */
  end: number;
  rows: ReadonlyMap<string, IndexedRow>;
  /** Where each placed shift sits. */
  placed: ReadonlyMap<string, { row: string; day: number }>;
}

/** The index of the day `at` falls on, or -1 outside `[days[0], end]`. */
export function dayIndexOf(days: readonly number[], end: number, at: number): number {
  if (days.length === 0 || at < days[0]! || at > end) return -1;
  let lo = 0;
  let hi = days.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (days[mid]! <= at) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

const minutesOf = (s: Shift) => Math.max(0, Math.round((s.end - s.start) / 60_000));
const byStart = (a: Shift, b: Shift) => a.start - b.start || a.id.localeCompare(b.id);
const rowOf = (s: Shift) => s.assigned ?? OPEN_ROW;

/** Groups `shifts` starting in the range by row and day. */
export function buildIndex(shifts: Iterable<Shift>, days: readonly number[], end: number): BoardIndex {
  const empty: BoardIndex = { days, end, rows: new Map(), placed: new Map() };
  const ids: string[] = [];
  const byId = new Map<string, Shift>();
  for (const s of shifts) {
    ids.push(s.id);
    byId.set(s.id, s);
  }
  return applyToIndex(empty, ids, (id) => byId.get(id));
}

/**
 * The index after the shifts named by `ids` changed: each is taken from where it was and put
 * where `lookup` now places it (or nowhere, if it is gone or outside the range).
 */
export function applyToIndex(index: BoardIndex, ids: Iterable<string>, lookup: (id: string) => Shift | undefined): BoardIndex {
  const rows = new Map(index.rows);
  const placed = new Map(index.placed);
  // Rows and cell lists copied in this batch, so that several changes copy each once.
  const copiedRows = new Set<string>();
  const copiedCells = new Set<string>();
  const editable = (key: string) => {
    let row = rows.get(key);
    if (!row) {
      row = { key, cells: new Map(), minutes: 0 };
      rows.set(key, row);
      copiedRows.add(key);
    } else if (!copiedRows.has(key)) {
      row = { ...row, cells: new Map(row.cells) };
      rows.set(key, row);
      copiedRows.add(key);
    }
    return row as { key: string; cells: Map<number, readonly Shift[]>; minutes: number };
  };
  const editableCell = (row: { key: string; cells: Map<number, readonly Shift[]> }, day: number) => {
    const id = `${row.key}:${day}`;
    let list = row.cells.get(day) as Shift[] | undefined;
    if (!list || !copiedCells.has(id)) {
      list = list ? [...list] : [];
      row.cells.set(day, list);
      copiedCells.add(id);
    }
    return list;
  };

  for (const id of ids) {
    const was = placed.get(id);
    if (was) {
      const row = editable(was.row);
      const list = editableCell(row, was.day);
      const at = list.findIndex((s) => s.id === id);
      if (at >= 0) {
        row.minutes -= minutesOf(list[at]!);
        list.splice(at, 1);
      }
      if (list.length === 0) row.cells.delete(was.day);
      placed.delete(id);
    }
    const shift = lookup(id);
    if (!shift) continue;
    const day = dayIndexOf(index.days, index.end, shift.start);
    if (day < 0) continue;
    const row = editable(rowOf(shift));
    const list = editableCell(row, day);
    let at = list.findIndex((s) => byStart(shift, s) < 0);
    if (at < 0) at = list.length;
    list.splice(at, 0, shift);
    row.minutes += minutesOf(shift);
    placed.set(id, { row: row.key, day });
  }
  return { days: index.days, end: index.end, rows, placed };
}
