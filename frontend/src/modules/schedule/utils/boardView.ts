import type { Employee, Role, Shift } from '@/modules/api/types';
import { OPEN_ROW, type BoardIndex, type IndexedRow } from './boardIndex';

/** Which shifts the board shows: all, or those of one state. */
export const STATUS_FILTERS = ['all', 'open', 'draft', 'unconfirmed', 'dropped'] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

/** How employee rows are ordered. */
export const ROW_SORTS = ['name', 'role', 'hours'] as const;
export type RowSort = (typeof ROW_SORTS)[number];

/** How tightly the board packs its rows. */
export type Density = 'comfortable' | 'compact';

/** What a manager narrowed the board to. */
export interface BoardFilter {
  search: string;
  /** A role id, or null for every role. */
  role: string | null;
  status: StatusFilter;
  sort: RowSort;
}

export const NO_FILTER: BoardFilter = { search: '', role: null, status: 'all', sort: 'name' };

/** One line of the board as drawn: the open shifts or an employee, with their shifts. */
export interface BoardLine {
  key: string;
  employee: Employee | null;
  row: IndexedRow | undefined;
}

/** Whether the board shows every shift (then cells need no filtering). */
export function showsAll(filter: BoardFilter): boolean {
  return filter.role === null && filter.status === 'all';
}

/** Whether `shift` passes the role and status filters. */
export function shiftShown(shift: Shift, filter: BoardFilter): boolean {
  if (filter.role !== null && shift.role !== filter.role) return false;
  switch (filter.status) {
    case 'all':
      return true;
    case 'open':
      return shift.assigned === null;
    case 'draft':
      return shift.status === 'draft';
    // Published to its assignee and not yet confirmed (the spec confirms them 3 hours ahead).
    case 'unconfirmed':
      return shift.status === 'published';
    case 'dropped':
      return shift.status === 'dropped';
  }
}

/** The shifts of a cell that the filter shows (the same list when it shows every shift). */
export function shownIn(list: readonly Shift[], filter: BoardFilter): readonly Shift[] {
  return showsAll(filter) ? list : list.filter((s) => shiftShown(s, filter));
}

function rowHasShown(row: IndexedRow | undefined, filter: BoardFilter): boolean {
  if (!row) return false;
  for (const list of row.cells.values()) if (list.some((s) => shiftShown(s, filter))) return true;
  return false;
}

/** Lower-cased text without accents, for matching names as people type them. */
export function folded(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase();
}

export const employeeName = (e: Employee) => e.displayName || e.fullname || e.email;

/**
 * The lines of the board: the open shifts first, then the employees the filter keeps, sorted.
 * Names sort in natural order (`Employee 2` before `Employee 10`) with `collator`.
 */
export function boardLines(
  index: BoardIndex,
  employees: readonly Employee[],
  roles: readonly Role[],
  filter: BoardFilter,
  collator: Intl.Collator,
): BoardLine[] {
  const query = folded(filter.search.trim());
  const lines: BoardLine[] = [];
  const seen = new Set<string>();
  const keep = (key: string, employee: Employee | null) => {
    const row = index.rows.get(key);
    if (query && !(employee && (folded(employeeName(employee)).includes(query) || folded(employee.email).includes(query)))) return;
    const narrowed = filter.status !== 'all' || (filter.role !== null && !(employee?.role.includes(filter.role) ?? false));
    if (narrowed && !rowHasShown(row, filter)) return;
    lines.push({ key, employee, row });
  };
  for (const e of employees) {
    seen.add(e.id);
    // A deactivated member still shows while holding a shift in the range.
    if (!e.deactive || index.rows.get(e.id)?.cells.size) keep(e.id, e);
  }
  // Shifts of someone no longer on the list still show, under their id.
  for (const key of index.rows.keys()) if (key !== OPEN_ROW && !seen.has(key) && index.rows.get(key)!.cells.size) keep(key, null);

  const roleRank = new Map(roles.map((r, i) => [r.id, i]));
  const rankOf = (l: BoardLine) => Math.min(...(l.employee?.role ?? []).map((id) => roleRank.get(id) ?? roles.length), roles.length);
  const nameOf = (l: BoardLine) => (l.employee ? employeeName(l.employee) : l.key);
  const byName = (a: BoardLine, b: BoardLine) => collator.compare(nameOf(a), nameOf(b)) || a.key.localeCompare(b.key);
  const order: Record<RowSort, (a: BoardLine, b: BoardLine) => number> = {
    name: byName,
    role: (a, b) => rankOf(a) - rankOf(b) || byName(a, b),
    hours: (a, b) => (b.row?.minutes ?? 0) - (a.row?.minutes ?? 0) || byName(a, b),
  };
  lines.sort(order[filter.sort]);

  const open = index.rows.get(OPEN_ROW);
  // The open shifts lead unless a search names people, or a filter leaves none of them.
  const showOpen = !query && (showsAll(filter) || rowHasShown(open, filter));
  return showOpen ? [{ key: OPEN_ROW, employee: null, row: open }, ...lines] : lines;
}

/** Hours and shifts of one day over the lines shown. */
export interface DayTotal {
  minutes: number;
  shifts: number;
}

/** Per-day totals of the shifts the lines show. */
export function dayTotals(lines: readonly BoardLine[], days: number, filter: BoardFilter): DayTotal[] {
  const totals = Array.from({ length: days }, () => ({ minutes: 0, shifts: 0 }));
  for (const line of lines) {
    if (!line.row) continue;
    for (const [day, list] of line.row.cells) {
      const total = totals[day];
      if (!total) continue;
      for (const s of shownIn(list, filter)) {
        total.shifts += 1;
        total.minutes += Math.max(0, Math.round((s.end - s.start) / 60_000));
      }
    }
  }
  return totals;
}

/**
 * `next` with every line whose employee and shifts are unchanged replaced by the object drawn
 * before, so that memoised rows render again only when their own data changed.
 */
export function reuseLines(previous: ReadonlyMap<string, BoardLine>, next: BoardLine[]): BoardLine[] {
  return next.map((line) => {
    const before = previous.get(line.key);
    return before && before.row === line.row && before.employee === line.employee ? before : line;
  });
}
