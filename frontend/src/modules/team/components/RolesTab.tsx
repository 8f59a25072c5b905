import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { Role } from '@/modules/api/types';
import { PlanLimitNotice } from '@/modules/billing/components/PlanLimitNotice';
import { usePlanLimit } from '@/modules/billing/hooks/usePlanLimit';
import { useCurrentStore } from '@/modules/stores/hooks/useCurrentStore';
import { SheetTools } from '@/modules/sheets/components/SheetTools';
import { Button } from '@/modules/ui/components/Button';
import { ConfirmDialog } from '@/modules/ui/components/ConfirmDialog';
import { Card, Muted, Row } from '@/modules/ui/components/Layout';
import { useTeamActions } from '../hooks/useTeamActions';
import { RoleDialog } from './RoleDialog';

const StyledGrid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(240px, 1fr));
  gap: ${({ theme }) => theme.spacing(3)};
`;

const StyledRole = styled(Card)<{ $color: string }>`
  border-inline-start: 6px solid ${({ $color }) => $color};
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing(2)};
`;

/** The roles tab: create, edit (with colour) and delete roles. */
export function RolesTab() {
  const { t } = useTranslation();
  const { roles, employees } = useCurrentStore();
  const actions = useTeamActions();
  const [editing, setEditing] = useState<Role | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Role | null>(null);
  const rolesFull = usePlanLimit('roles');

  return (
    <>
      <Row $justify="flex-end" $gap={2} style={{ marginBottom: 12, flexWrap: 'wrap' }}>
        <SheetTools kind="roles" />
        <Button onClick={() => setEditing('new')} data-testid="add-role">{t('team.addRole')}</Button>
      </Row>
      {roles.length === 0 ? <Card>{t('team.noRoles')}</Card> : null}
      <StyledGrid>
        {roles.map((role) => (
          <StyledRole key={role.id} $color={role.color} data-testid={`role-${role.title}`}>
            <strong>{role.title}</strong>
            <Muted>{t('team.roleHolders', { count: employees.filter((e) => e.role.includes(role.id)).length })}</Muted>
            {role.requireUserAction ? <Muted>{t('team.requireUserAction')}</Muted> : null}
            {role.swappeable ? <Muted>{t('team.swappeable')}</Muted> : null}
            <Row $gap={1}>
              <Button $small $variant="secondary" onClick={() => setEditing(role)}>{t('common.edit')}</Button>
              <Button $small $variant="ghost" onClick={() => setDeleting(role)}>{t('common.delete')}</Button>
            </Row>
          </StyledRole>
        ))}
      </StyledGrid>
      {editing ? (
        <RoleDialog
          role={editing === 'new' ? null : editing}
          onSubmit={(data) => (editing === 'new' ? actions.createRole(data) : actions.updateRole(editing, data))}
          onClose={() => setEditing(null)}
          blocked={editing === 'new' && rolesFull ? <PlanLimitNotice limit={rolesFull} /> : undefined}
        />
      ) : null}
      {deleting ? (
        <ConfirmDialog
          title={t('team.confirm.deleteRole', { name: deleting.title })}
          body={t('team.deleteRoleHint')}
          confirmLabel={t('common.delete')}
          cancelLabel={t('common.cancel')}
          danger
          onConfirm={() => {
            void actions.deleteRole(deleting);
            setDeleting(null);
          }}
          onCancel={() => setDeleting(null)}
        />
      ) : null}
    </>
  );
}
