import type { Employee, Shift } from '@/modules/api/types';
import { dayKey } from './calendar';

/** One row of the board: an employee's shifts (or the open shifts) by day key. */
export interface BoardRow {
  /** `open` for the open-shifts row, otherwise the employee record id. */
  key: string;
  employee: Employee | null;
  cells: Record<string, Shift[]>;
  /** Scheduled minutes in the range. */
  minutes: number;
}

/**
 * Groups shifts by employee and day: the open-shifts row first, then every active employee
 * (and any inactive one who still holds a shift in the range) by name. Shifts sit under the
 * day they start on in the store's `zone`.
 */
export function groupByEmployee(shifts: Shift[], employees: Employee[], zone: string): BoardRow[] {
  const open: BoardRow = { key: 'open', employee: null, cells: {}, minutes: 0 };
  const rows = new Map<string, BoardRow>();
  const byId = new Map(employees.map((e) => [e.id, e]));
  for (const e of employees) {
    if (!e.deactive) rows.set(e.id, { key: e.id, employee: e, cells: {}, minutes: 0 });
  }
  for (const shift of shifts) {
    let row = open;
    if (shift.assigned) {
      const employee = byId.get(shift.assigned);
      row = rows.get(shift.assigned) ?? { key: shift.assigned, employee: employee ?? null, cells: {}, minutes: 0 };
      rows.set(shift.assigned, row);
    }
    const key = dayKey(shift.start, zone);
    (row.cells[key] ??= []).push(shift);
    row.minutes += Math.max(0, Math.round((shift.end - shift.start) / 60_000));
  }
  const sorted = [...rows.values()].sort((a, b) =>
    (a.employee?.displayName ?? a.key).localeCompare(b.employee?.displayName ?? b.key),
  );
  return [open, ...sorted];
}

/** Employees who hold `roleId` and are active: the people a shift of that role may go to. */
export function assignableEmployees(employees: Employee[], roleId: string | null): Employee[] {
  return employees.filter((e) => !e.deactive && (roleId === null || e.role.includes(roleId)));
}

/** Draft shifts with an assignee: what publishing moves to published. */
export function publishable(shifts: Shift[]): Shift[] {
  return shifts.filter((s) => s.status === 'draft' && s.assigned !== null);
}
