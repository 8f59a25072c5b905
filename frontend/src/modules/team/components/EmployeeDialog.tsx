import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { Employee, Role, WageType } from '@/modules/api/types';
import { email as emailRule, required, wage as wageRule } from '@/modules/forms/validation';
import type { Reported } from '@/modules/snackbar/hooks/useReportedCall';
import { Button } from '@/modules/ui/components/Button';
import { Dialog } from '@/modules/ui/components/Dialog';
import { choiceOf } from '@/modules/forms/validation';
import { Checkbox, FormError, SelectField, TextField } from '@/modules/ui/components/Field';
import { Row, Stack } from '@/modules/ui/components/Layout';

const WAGE_TYPES: readonly WageType[] = ['Hourly', 'Weekly'];
import { draftOf, GRANTABLE_PERMISSIONS, type EmployeeDraft } from '../utils/employeeForm';

const StyledGroup = styled.fieldset`
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius}px;
  padding: ${({ theme }) => theme.spacing(3)};
  margin: 0;
  legend { padding: 0 4px; font-weight: 500; }
`;

export interface EmployeeDialogProps {
  employee: Employee | null;
  roles: Role[];
  /** Invites or saves; answers `null` when refused. */
  onSubmit: (draft: EmployeeDraft) => Promise<Reported<unknown>>;
  onClose: () => void;
  /** Why no one can be invited now (the plan's seats are used up): shown first, and sending is off. */
  blocked?: ReactNode;
}

/** Invite a new employee (no `employee`) or edit one: roles, wages and permissions. */
export function EmployeeDialog({ employee, roles, onSubmit, onClose, blocked }: EmployeeDialogProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<EmployeeDraft>(() => draftOf(employee));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const inviting = employee === null;

  const toggle = (list: 'roles' | 'permissions', value: string) =>
    setDraft((d) => ({ ...d, [list]: d[list].includes(value) ? d[list].filter((v) => v !== value) : [...d[list], value] }));

  const handleSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const found: Record<string, string> = {};
    if (inviting) {
      const bad = emailRule(draft.email);
      if (bad) found.email = bad;
    } else {
      const bad = required(draft.fullname);
      if (bad) found.fullname = bad;
    }
    for (const role of draft.roles) {
      const bad = wageRule(draft.wage[role] ?? '');
      if (bad) found[`wage-${role}`] = bad;
    }
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    // A refusal keeps the dialog open; the snackbar already tells why.
    const saved = await onSubmit(draft);
    setBusy(false);
    if (saved) onClose();
  };

  return (
    <Dialog title={t(inviting ? 'team.inviteTitle' : 'team.editTitle')} onClose={onClose}>
      <form onSubmit={handleSubmit} noValidate>
        <Stack>
          {blocked}
          {inviting ? (
            <TextField label={t('fields.email')} type="email" value={draft.email} onChange={(e) => setDraft({ ...draft, email: e.target.value })} error={errors.email && t(errors.email)} />
          ) : null}
          <TextField label={t('fields.fullName')} value={draft.fullname} onChange={(e) => setDraft({ ...draft, fullname: e.target.value })} error={errors.fullname && t(errors.fullname)} />
          <StyledGroup>
            <legend>{t('team.roles')}</legend>
            <Stack $gap={2}>
              {roles.length === 0 ? <FormError>{t('team.noRoles')}</FormError> : null}
              {roles.map((role) => (
                <Row key={role.id} $gap={3}>
                  <Checkbox label={role.title} checked={draft.roles.includes(role.id)} onChange={() => toggle('roles', role.id)} />
                  {draft.roles.includes(role.id) ? (
                    <div style={{ width: 140 }}>
                      <TextField
                        label={t('team.wageFor', { role: role.title })}
                        type="number"
                        min={0}
                        step="0.01"
                        value={draft.wage[role.id] ?? ''}
                        onChange={(e) => setDraft({ ...draft, wage: { ...draft.wage, [role.id]: e.target.value } })}
                        error={errors[`wage-${role.id}`] && t(errors[`wage-${role.id}`] ?? '')}
                      />
                    </div>
                  ) : null}
                </Row>
              ))}
            </Stack>
          </StyledGroup>
          <SelectField
            label={t('fields.wageType')}
            value={draft.wageType}
            onChange={(e) => setDraft({ ...draft, wageType: choiceOf(WAGE_TYPES, e.target.value) ?? draft.wageType })}
            options={WAGE_TYPES.map((w) => ({ value: w, label: t(`team.wage${w}`) }))}
          />
          <StyledGroup>
            <legend>{t('team.permissions')}</legend>
            <Row $gap={4}>
              {GRANTABLE_PERMISSIONS.map((p) => (
                <Checkbox key={p} label={t(`permissions.${p}`)} checked={draft.permissions.includes(p)} onChange={() => toggle('permissions', p)} />
              ))}
            </Row>
          </StyledGroup>
          <Row $justify="flex-end">
            <Button type="button" $variant="secondary" onClick={onClose}>{t('common.cancel')}</Button>
            <Button type="submit" disabled={busy || !!blocked}>{t(inviting ? 'team.sendInvite' : 'common.save')}</Button>
          </Row>
        </Stack>
      </form>
    </Dialog>
  );
}
