import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { Role, Template, TemplateShift } from '@/modules/api/types';
import { errorText } from '@/modules/api/errors';
import { Button } from '@/modules/ui/components/Button';
import { ConfirmDialog } from '@/modules/ui/components/ConfirmDialog';
import { Checkbox, FormError, SelectField, TextField } from '@/modules/ui/components/Field';
import { Muted, Row, Stack } from '@/modules/ui/components/Layout';
import { blankShift, shiftErrors, sortedShifts } from '../utils/templateShifts';

/** One shift per row; the fields wrap onto several lines on a phone. */
const ShiftRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.spacing(2)};
  align-items: flex-end;
  padding: ${({ theme }) => theme.spacing(2)} 0;
  border-bottom: 1px solid ${({ theme }) => theme.color.border};
  > * { flex: 1 1 110px; min-width: 0; }
  > button { flex: 0 0 auto; }
`;

export interface TemplateEditorProps {
  template: Template;
  roles: Role[];
  /** Weekday names of the template's days, from its first. */
  dayNames: string[];
  onSave: (title: string, shifts: TemplateShift[]) => Promise<unknown>;
  onDelete: () => Promise<unknown>;
}

/** A template as a card: its title and shifts, edited in place, saved or deleted after a confirmation. */
export function TemplateEditor({ template, roles, dayNames, onSave, onDelete }: TemplateEditorProps) {
  const { t } = useTranslation();
  const [title, setTitle] = useState(template.title);
  const [shifts, setShifts] = useState<TemplateShift[]>(() => sortedShifts(template.shifts));
  const [confirm, setConfirm] = useState<'save' | 'delete' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [editing, setEditing] = useState(false);
  const errors = shiftErrors(shifts);
  const single = template.type === 'shift';
  const roleOptions = [{ value: '', label: t('templates.noRole') }, ...roles.map((r) => ({ value: r.id, label: r.title }))];
  const set = (i: number, patch: Partial<TemplateShift>) => setShifts((list) => list.map((s, j) => (j === i ? { ...s, ...patch } : s)));

  const run = async (kind: 'save' | 'delete') => {
    setConfirm(null);
    try {
      if (kind === 'save') {
        await onSave(single ? (shifts[0]?.title ?? title) : title, shifts);
        setEditing(false);
      } else await onDelete();
      setFailure(null);
    } catch (e) {
      setFailure(errorText(t, e));
    }
  };

  const summary = sortedShifts(template.shifts)
    // The times stay left to right inside right-to-left text (isolated).
    .map((s) => `${template.type === 'weekly' ? `${dayNames[s.day ?? 0] ?? ''} ` : ''}\u2066${s.start}–${s.end}\u2069 ${s.title}`)
    .join(' · ');

  return (
    <Stack $gap={2} data-testid="template-card" data-template={template.title}>
      <Row $justify="space-between" $gap={2} style={{ flexWrap: 'wrap' }}>
        <strong>{template.title}</strong>
        <Row $gap={2}>
          <Button $small $variant="secondary" onClick={() => setEditing((v) => !v)} aria-expanded={editing} data-testid="template-edit">
            {editing ? t('common.cancel') : t('templates.edit')}
          </Button>
          <Button $small $variant="danger" onClick={() => setConfirm('delete')} data-testid="template-delete">{t('templates.delete')}</Button>
        </Row>
      </Row>
      {editing ? null : <Muted>{summary}</Muted>}
      {editing ? (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (Object.keys(errors).length === 0 && shifts.length > 0) setConfirm('save');
          }}
        >
          {single ? null : <TextField label={t('templates.name')} value={title} onChange={(e) => setTitle(e.target.value)} required data-testid="template-title" />}
          {shifts.map((s, i) => (
            <ShiftRow key={i} data-testid="template-shift">
              <TextField label={t('fields.shiftTitle')} value={s.title} onChange={(e) => set(i, { title: e.target.value })} error={errors[i] && t(errors[i])} />
              {template.type === 'weekly' ? (
                <SelectField label={t('templates.day')} value={String(s.day ?? 0)} onChange={(e) => set(i, { day: Number(e.target.value) })} options={dayNames.map((d, n) => ({ value: String(n), label: d }))} />
              ) : null}
              <TextField type="time" label={t('fields.start')} value={s.start} onChange={(e) => set(i, { start: e.target.value })} />
              <TextField type="time" label={t('fields.end')} value={s.end} onChange={(e) => set(i, { end: e.target.value })} />
              <SelectField label={t('fields.role')} value={s.role ?? ''} onChange={(e) => set(i, { role: e.target.value || null })} options={roleOptions} />
              <Checkbox label={t('schedule.openEnded')} checked={s.oe ?? false} onChange={(e) => set(i, { oe: e.target.checked })} />
              {single ? null : (
                <Button type="button" $small $variant="ghost" onClick={() => setShifts((list) => list.filter((_, j) => j !== i))} aria-label={t('templates.removeShift')}>
                  ✕
                </Button>
              )}
            </ShiftRow>
          ))}
          <Row $gap={2} style={{ marginTop: 8, flexWrap: 'wrap' }}>
            {single ? null : (
              <Button type="button" $small $variant="secondary" onClick={() => setShifts((list) => [...list, blankShift(roles[0]?.id ?? null)])}>
                {t('templates.addShift')}
              </Button>
            )}
            <Button type="submit" $small disabled={shifts.length === 0} data-testid="template-save">{t('templates.save')}</Button>
          </Row>
          {shifts.length === 0 ? <FormError role="alert">{t('templates.emptyTemplate')}</FormError> : null}
        </form>
      ) : null}
      {failure ? <FormError role="alert">{failure}</FormError> : null}
      {confirm ? (
        <ConfirmDialog
          title={t(confirm === 'save' ? 'templates.confirmSave' : 'templates.confirmDelete', { title: template.title })}
          confirmLabel={t(confirm === 'save' ? 'templates.save' : 'templates.delete')}
          cancelLabel={t('common.cancel')}
          danger={confirm === 'delete'}
          onConfirm={() => void run(confirm)}
          onCancel={() => setConfirm(null)}
        />
      ) : null}
    </Stack>
  );
}
