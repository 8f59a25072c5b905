import type { Employee, WageType } from '@/modules/api/types';

/** Permissions a manager can grant (ownership is never granted). */
export const GRANTABLE_PERMISSIONS = ['employee', 'schedule', 'availabletime'] as const;

/** The editable fields of an employee record, as the form holds them. */
export interface EmployeeDraft {
  email: string;
  fullname: string;
  roles: string[];
  /** Wage per role id, as typed. */
  wage: Record<string, string>;
  wageType: WageType;
  permissions: string[];
}

/** A draft of an existing employee, or an empty one. */
export function draftOf(employee: Employee | null): EmployeeDraft {
  return {
    email: employee?.email ?? '',
    fullname: employee?.fullname ?? '',
    roles: employee?.role ?? [],
    wage: Object.fromEntries(Object.entries(employee?.wage ?? {}).map(([k, v]) => [k, String(v)])),
    wageType: (employee?.wageType as WageType | undefined) ?? 'Hourly',
    permissions: (employee?.permissions ?? []).filter((p) => p !== 'owner'),
  };
}

/** Wages of the chosen roles as numbers; blank wages are left out. */
export function wagesOf(draft: EmployeeDraft): Record<string, number> {
  const out: Record<string, number> = {};
  for (const role of draft.roles) {
    const raw = draft.wage[role]?.trim();
    if (raw) out[role] = Number(raw);
  }
  return out;
}

/** The catalogue key of an employee's state at `now`: an invitation past its expiry lapsed. */
export function employeeStatusKey(e: Employee, now: number): string {
  if (e.deactive) return 'team.status.deactive';
  if (!e.userId) return e.inviteExpire != null && e.inviteExpire <= now ? 'team.status.inviteExpired' : 'team.status.invited';
  return 'team.status.active';
}
