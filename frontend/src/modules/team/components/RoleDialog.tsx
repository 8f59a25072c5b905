import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Role, RoleData } from '@/modules/api/types';
import { required } from '@/modules/forms/validation';
import type { Reported } from '@/modules/snackbar/hooks/useReportedCall';
import { Button } from '@/modules/ui/components/Button';
import { Dialog } from '@/modules/ui/components/Dialog';
import { Checkbox, TextField } from '@/modules/ui/components/Field';
import { Row, Stack } from '@/modules/ui/components/Layout';
import { roleColors } from '@/modules/ui/theme/tokens';

export interface RoleDialogProps {
  role: Role | null;
  /** Saves the role; answers `null` when refused. */
  onSubmit: (data: RoleData) => Promise<Reported<unknown>>;
  onClose: () => void;
  /** Why no role can be added now (the plan's roles are used up): shown first, and saving is off. */
  blocked?: ReactNode;
}

/** Create or edit a role: title, colour and its switches. */
export function RoleDialog({ role, onSubmit, onClose, blocked }: RoleDialogProps) {
  const { t } = useTranslation();
  const [data, setData] = useState<RoleData>({
    title: role?.title ?? '',
    color: role?.color ?? roleColors.offered[0],
    requireUserAction: role?.requireUserAction ?? false,
    swappeable: role?.swappeable ?? false,
    canStart: role?.canStart ?? true,
    canClockIn: role?.canClockIn ?? true,
  });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const handleSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const bad = required(data.title);
    setError(bad);
    if (bad) return;
    setBusy(true);
    // A refusal keeps the dialog open; the snackbar already tells why.
    const saved = await onSubmit({ ...data, title: data.title.trim() });
    setBusy(false);
    if (saved) onClose();
  };

  return (
    <Dialog title={t(role ? 'team.editRole' : 'team.addRole')} onClose={onClose}>
      <form onSubmit={handleSubmit} noValidate>
        <Stack>
          {blocked}
          <TextField label={t('fields.roleTitle')} value={data.title} onChange={(e) => setData({ ...data, title: e.target.value })} error={error && t(error)} />
          <Row $gap={3}>
            <label htmlFor="role-color">{t('fields.roleColor')}</label>
            <input id="role-color" type="color" value={data.color} onChange={(e) => setData({ ...data, color: e.target.value })} />
          </Row>
          <Checkbox label={t('team.requireUserAction')} checked={!!data.requireUserAction} onChange={(e) => setData({ ...data, requireUserAction: e.target.checked })} />
          <Checkbox label={t('team.swappeable')} checked={!!data.swappeable} onChange={(e) => setData({ ...data, swappeable: e.target.checked })} />
          <Checkbox label={t('team.canStart')} checked={data.canStart !== false} onChange={(e) => setData({ ...data, canStart: e.target.checked })} />
          <Checkbox label={t('team.canClockIn')} checked={data.canClockIn !== false} onChange={(e) => setData({ ...data, canClockIn: e.target.checked })} />
          <Row $justify="flex-end">
            <Button type="button" $variant="secondary" onClick={onClose}>{t('common.cancel')}</Button>
            <Button type="submit" disabled={busy || !!blocked}>{t('common.save')}</Button>
          </Row>
        </Stack>
      </form>
    </Dialog>
  );
}
