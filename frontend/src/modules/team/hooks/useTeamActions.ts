import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { CallInput, CallName, Employee, GrantablePermission, Permission, Role, RoleData, WageType } from '@/modules/api/types';
import { useApi } from '@/modules/auth/hooks/useApi';
import { useReportedCall } from '@/modules/snackbar/hooks/useReportedCall';
import { useCurrentStore } from '@/modules/stores/hooks/useCurrentStore';
import { wagesOf, type EmployeeDraft } from '../utils/employeeForm';

const GRANTABLE: readonly GrantablePermission[] = ['employee', 'schedule', 'availabletime'];
const isGrantable = (p: string): p is GrantablePermission => (GRANTABLE as readonly string[]).includes(p);
const isPermission = (p: string): p is Permission => p === 'owner' || isGrantable(p);

/**
 * Team calls; each reloads what it changed and reports the outcome in a snackbar. Each answers
 * `{ data }`, or `null` when it failed (the snackbar says why).
 */
export function useTeamActions() {
  const { t } = useTranslation();
  const api = useApi();
  const { run: reported } = useReportedCall();
  const { storeId, reloadEmployees, reloadStore } = useCurrentStore();

  /** Runs a call, reloads, shows `success`. */
  const run = useCallback(
    <N extends CallName>(name: N, payload: CallInput<N>, success: string, reload: 'employees' | 'store' | 'both') =>
      reported(
        async () => {
          const out = await api.call(name, payload);
          if (reload !== 'store') await reloadEmployees();
          if (reload !== 'employees') await reloadStore();
          return out;
        },
        { key: name, done: () => success },
      ),
    [api, reloadEmployees, reloadStore, reported],
  );

  return {
    invite: (d: EmployeeDraft) =>
      run('inviteEmployee', {
        store: storeId,
        employee: {
          email: d.email.trim(),
          fullname: d.fullname.trim() || null,
          role: d.roles,
          wage: wagesOf(d),
          wageType: d.wageType,
          permissions: d.permissions.filter(isGrantable),
        },
      }, t('team.invited'), 'employees'),
    resend: (e: Employee) =>
      run('inviteEmployee', {
        store: storeId,
        employee: { email: e.email, fullname: e.fullname, role: e.role, wage: e.wage ?? {}, wageType: (e.wageType as WageType | null | undefined) ?? 'Hourly', permissions: (e.permissions ?? []).filter(isGrantable) },
      }, t('team.inviteResent'), 'employees'),
    update: (e: Employee, d: EmployeeDraft) =>
      run('updateEmployee', {
        store: storeId,
        employeeId: e.id,
        employee: { fullname: d.fullname.trim(), roles: d.roles, wage: wagesOf(d), wageType: d.wageType, permissions: d.permissions.filter(isPermission) },
      }, t('team.saved'), 'employees'),
    deactivate: (e: Employee) => run('deactivateEmployee', { store: storeId, employeeId: e.id }, t('team.deactivated'), 'employees'),
    activate: (e: Employee) => run('activateEmployee', { store: storeId, employeeId: e.id }, t('team.activated'), 'employees'),
    terminate: (e: Employee) => run('terminateEmployee', { store: storeId, employeeId: e.id }, t('team.terminated'), 'employees'),
    createRole: (data: RoleData) => run('createRole', { store: storeId, roleData: data }, t('team.roleSaved'), 'store'),
    updateRole: (role: Role, data: RoleData) =>
      run('updateRole', { store: storeId, roleId: role.id, roleData: data }, t('team.roleSaved'), 'store'),
    deleteRole: (role: Role) => run('deleteRole', { store: storeId, roleId: role.id }, t('team.roleDeleted'), 'both'),
  };
}
