import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { Employee } from '@/modules/api/types';
import { PlanLimitNotice } from '@/modules/billing/components/PlanLimitNotice';
import { usePlanLimit } from '@/modules/billing/hooks/usePlanLimit';
import { useCurrentStore } from '@/modules/stores/hooks/useCurrentStore';
import { Avatar } from '@/modules/ui/components/Avatar';
import { SheetTools } from '@/modules/sheets/components/SheetTools';
import { Button } from '@/modules/ui/components/Button';
import { ConfirmDialog } from '@/modules/ui/components/ConfirmDialog';
import { Badge, Card, Muted, Row } from '@/modules/ui/components/Layout';
import { down } from '@/modules/ui/theme/tokens';
import { useTeamActions } from '../hooks/useTeamActions';
import { employeeStatusKey } from '../utils/employeeForm';
import { EmployeeDialog } from './EmployeeDialog';

const StyledList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing(2)};
`;

const StyledItem = styled.li`
  display: grid;
  grid-template-columns: auto 1fr auto;
  align-items: center;
  gap: ${({ theme }) => theme.spacing(3)};
  padding: ${({ theme }) => theme.spacing(3)};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius}px;
  background: ${({ theme }) => theme.color.surface};
  ${down('sm')} { grid-template-columns: auto 1fr; > :last-child { grid-column: 1 / -1; } }
`;

const StyledName = styled.div`
  min-width: 0;
  strong { display: block; }
`;

type Pending = { kind: 'deactivate' | 'activate' | 'terminate'; employee: Employee };

/** The employees tab: invite, edit, resend invite, deactivate, activate, terminate. */
export function EmployeesTab() {
  const { t } = useTranslation();
  const { employees, roles, me } = useCurrentStore();
  const actions = useTeamActions();
  const [editing, setEditing] = useState<Employee | 'new' | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const [busy, setBusy] = useState(false);
  // Inviting or activating takes a seat the plan may not have.
  const seatsFull = usePlanLimit('employees');
  const noSeat = seatsFull ? <PlanLimitNotice limit={seatsFull} /> : undefined;
  const roleById = new Map(roles.map((r) => [r.id, r]));

  const handleConfirm = async () => {
    if (!pending) return;
    setBusy(true);
    // A refusal is shown in the snackbar.
    await actions[pending.kind](pending.employee);
    setBusy(false);
    setPending(null);
  };

  return (
    <>
      <Row $justify="flex-end" $gap={2} style={{ marginBottom: 12, flexWrap: 'wrap' }}>
        <SheetTools kind="employees" />
        <Button onClick={() => setEditing('new')} data-testid="invite-employee">{t('team.invite')}</Button>
      </Row>
      {employees.length === 0 ? <Card>{t('team.noEmployees')}</Card> : null}
      <StyledList>
        {employees.map((e) => (
          <StyledItem key={e.id} data-testid={`employee-${e.email}`}>
            <Avatar name={e.displayName || e.email} src={e.displayImg ?? e.img} size={40} />
            <StyledName>
              <strong>{e.fullname || e.email}</strong>
              <Muted>{e.email}</Muted>
              <Row $gap={1}>
                <Muted data-testid="employee-status">{t(employeeStatusKey(e, Date.now()))}</Muted>
                {e.role.map((id) => {
                  const role = roleById.get(id);
                  return role ? <Badge key={id} $color={role.color}>{role.title}</Badge> : null;
                })}
              </Row>
            </StyledName>
            {e.id === me?.id || e.permissions?.includes('owner') ? (
              <span />
            ) : (
              <Row $gap={1}>
                <Button $small $variant="secondary" onClick={() => setEditing(e)}>{t('common.edit')}</Button>
                {!e.userId && !e.deactive ? (
                  <Button $small $variant="secondary" onClick={() => void actions.resend(e)}>{t('team.resend')}</Button>
                ) : null}
                {e.deactive ? (
                  <Button $small $variant="secondary" onClick={() => setPending({ kind: 'activate', employee: e })}>{t('team.activate')}</Button>
                ) : (
                  <Button $small $variant="secondary" onClick={() => setPending({ kind: 'deactivate', employee: e })}>{t('team.deactivate')}</Button>
                )}
                <Button $small $variant="danger" onClick={() => setPending({ kind: 'terminate', employee: e })}>{t('team.terminate')}</Button>
              </Row>
            )}
          </StyledItem>
        ))}
      </StyledList>
      {editing ? (
        <EmployeeDialog
          employee={editing === 'new' ? null : editing}
          roles={roles}
          onSubmit={(d) => (editing === 'new' ? actions.invite(d) : actions.update(editing, d))}
          onClose={() => setEditing(null)}
          blocked={editing === 'new' ? noSeat : undefined}
        />
      ) : null}
      {pending ? (
        <ConfirmDialog
          title={t(`team.confirm.${pending.kind}`, { name: pending.employee.fullname || pending.employee.email })}
          body={pending.kind === 'activate' ? noSeat : undefined}
          confirmLabel={t(`team.${pending.kind}`)}
          cancelLabel={t('common.cancel')}
          danger={pending.kind !== 'activate'}
          // Without a seat the activation cannot be confirmed.
          busy={busy || (pending.kind === 'activate' && !!noSeat)}
          onConfirm={handleConfirm}
          onCancel={() => setPending(null)}
        />
      ) : null}
    </>
  );
}
