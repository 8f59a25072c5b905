import type { Employee, Shift } from '@/modules/api/types';

/** Employees who hold `roleId` and are active: the people a shift of that role may go to. */
export function assignableEmployees(employees: Employee[], roleId: string | null): Employee[] {
  return employees.filter((e) => !e.deactive && (roleId === null || e.role.includes(roleId)));
}

/** Draft shifts with an assignee: what publishing moves to published. */
export function publishable(shifts: Shift[]): Shift[] {
  return shifts.filter((s) => s.status === 'draft' && s.assigned !== null);
}
