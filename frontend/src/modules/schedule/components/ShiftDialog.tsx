import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { format } from 'date-fns';
import { TZDate } from '@date-fns/tz';
import type { CreatedShifts, Employee, Role, Shift } from '@/modules/api/types';
import { ApiError } from '@/modules/api/ApiError';
import { errorText } from '@/modules/api/errors';
import { Button } from '@/modules/ui/components/Button';
import { ConfirmDialog } from '@/modules/ui/components/ConfirmDialog';
import { Dialog } from '@/modules/ui/components/Dialog';
import { Checkbox, FormError, SelectField, TextField } from '@/modules/ui/components/Field';
import { Muted, Row, Stack } from '@/modules/ui/components/Layout';
import { assignableEmployees } from '../utils/grouping';
import { creationErrorKey, draftErrors, instantsOf, repeatStarts, type ShiftDraft } from '../utils/shiftForm';
import { dayStart } from '../utils/calendar';

export interface ShiftDialogProps {
  /** The shift edited; `null` creates one. */
  shift: Shift | null;
  initial: ShiftDraft;
  zone: string;
  roles: Role[];
  employees: Employee[];
  /** Days the new shift may be repeated on. */
  days: number[];
  onCreate: (draft: ShiftDraft) => Promise<CreatedShifts>;
  onUpdate: (shift: Shift, draft: ShiftDraft) => Promise<unknown>;
  onDelete: (shift: Shift) => Promise<unknown>;
  onClose: () => void;
}

type Pending = 'save' | 'delete' | null;

/** Create or edit a shift; each write is confirmed first. The server's refusal is shown here. */
export function ShiftDialog({ shift, initial, zone, roles, employees, days, onCreate, onUpdate, onDelete, onClose }: ShiftDialogProps) {
  const { t, i18n } = useTranslation();
  const [draft, setDraft] = useState<ShiftDraft>(initial);
  const [errors, setErrors] = useState<ReturnType<typeof draftErrors>>({});
  const [failure, setFailure] = useState<{ heading: string | null; text: string } | null>(null);
  const [pending, setPending] = useState<Pending>(null);
  const [busy, setBusy] = useState(false);
  const people = assignableEmployees(employees, draft.role || null);
  const dayLabel = (d: number) => new Intl.DateTimeFormat(i18n.resolvedLanguage, { weekday: 'short', day: 'numeric', month: 'short', timeZone: zone }).format(d);
  const { start, end } = instantsOf(draft, zone);
  const overnight = /^\d\d:\d\d$/.test(draft.start) && /^\d\d:\d\d$/.test(draft.end) && dayStart(end, zone) !== draft.day;

  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    const found = draftErrors(draft);
    setErrors(found);
    if (Object.keys(found).length === 0) setPending('save');
  };

  const run = async (action: () => Promise<unknown>) => {
    setBusy(true);
    setFailure(null);
    try {
      await action();
      onClose();
    } catch (err) {
      const heading = err instanceof ApiError ? creationErrorKey(err.details) : null;
      setFailure({ heading: heading ? t(heading) : null, text: errorText(t, err) });
    } finally {
      setBusy(false);
      setPending(null);
    }
  };

  const handleConfirm = () => {
    if (pending === 'delete' && shift) return run(() => onDelete(shift));
    return run(async () => {
      if (shift) return onUpdate(shift, draft);
      return onCreate(draft);
    });
  };

  return (
    <>
      <Dialog title={t(shift ? 'schedule.editShift' : 'schedule.newShift')} onClose={onClose}>
        <form onSubmit={handleSubmit} noValidate data-testid="shift-form">
          <Stack $gap={3}>
            <TextField label={t('fields.shiftTitle')} value={draft.title} onChange={(e) => setDraft({ ...draft, title: e.target.value })} error={errors.title && t(errors.title)} />
            <SelectField
              label={t('fields.role')}
              value={draft.role}
              onChange={(e) => {
                const role = e.target.value;
                const stillFits = assignableEmployees(employees, role || null).some((p) => p.id === draft.assigned);
                setDraft({ ...draft, role, assigned: stillFits ? draft.assigned : '' });
              }}
              error={errors.role && t(errors.role)}
              options={[{ value: '', label: t('common.choose') }, ...roles.map((r) => ({ value: r.id, label: r.title }))]}
            />
            <SelectField
              label={t('fields.assignee')}
              value={draft.assigned}
              onChange={(e) => setDraft({ ...draft, assigned: e.target.value })}
              options={[{ value: '', label: t('schedule.openShift') }, ...people.map((p) => ({ value: p.id, label: p.displayName || p.email }))]}
            />
            <TextField
              label={t('fields.date')}
              type="date"
              value={format(new TZDate(draft.day, zone), 'yyyy-MM-dd')}
              onChange={(e) => {
                const [y, m, d] = e.target.value.split('-').map(Number);
                if (y && m && d) setDraft({ ...draft, day: new TZDate(y, m - 1, d, zone).getTime() });
              }}
            />
            <Row $gap={3} $align="flex-start">
              <div style={{ flex: 1 }}>
                <TextField label={t('fields.start')} type="time" value={draft.start} onChange={(e) => setDraft({ ...draft, start: e.target.value })} error={errors.start && t(errors.start)} />
              </div>
              <div style={{ flex: 1 }}>
                <TextField label={t('fields.end')} type="time" value={draft.end} onChange={(e) => setDraft({ ...draft, end: e.target.value })} error={errors.end && t(errors.end)} />
              </div>
            </Row>
            {overnight ? <Muted>{t('schedule.overnight')}</Muted> : null}
            {end - start > 480 * 60_000 ? <Muted>{t('schedule.longShift', { hours: Math.round((end - start) / 3_600_000) })}</Muted> : null}
            <Checkbox label={t('schedule.openEnded')} checked={draft.oe} onChange={(e) => setDraft({ ...draft, oe: e.target.checked })} />
            {shift ? null : (
              <>
                <strong>{t('schedule.repeatOn')}</strong>
                <Row $gap={3}>
                  {days.filter((d) => d !== draft.day).map((d) => (
                    <Checkbox
                      key={d}
                      label={dayLabel(d)}
                      checked={draft.repeat.includes(d)}
                      onChange={() =>
                        setDraft({ ...draft, repeat: draft.repeat.includes(d) ? draft.repeat.filter((x) => x !== d) : [...draft.repeat, d] })
                      }
                    />
                  ))}
                </Row>
                {draft.repeat.length ? <Muted>{t('schedule.repeatCount', { count: Math.max(1, repeatStarts(draft, zone).length) })}</Muted> : null}
              </>
            )}
            {failure ? (
              <FormError role="alert" data-testid="shift-error">
                {failure.heading ? <strong>{failure.heading}: </strong> : null}
                {failure.text}
              </FormError>
            ) : null}
            <Row $justify="space-between">
              {shift ? (
                <Button type="button" $variant="danger" onClick={() => setPending('delete')}>{t('common.delete')}</Button>
              ) : <span />}
              <Row $gap={2}>
                <Button type="button" $variant="secondary" onClick={onClose}>{t('common.cancel')}</Button>
                <Button type="submit" disabled={busy} data-testid="shift-save">{t(shift ? 'common.save' : 'schedule.create')}</Button>
              </Row>
            </Row>
          </Stack>
        </form>
      </Dialog>
      {pending ? (
        <ConfirmDialog
          title={t(pending === 'delete' ? 'schedule.confirmDelete' : shift ? 'schedule.confirmUpdate' : 'schedule.confirmCreate')}
          confirmLabel={t(pending === 'delete' ? 'common.delete' : 'common.confirm')}
          cancelLabel={t('common.cancel')}
          danger={pending === 'delete'}
          busy={busy}
          onConfirm={() => void handleConfirm()}
          onCancel={() => setPending(null)}
        />
      ) : null}
    </>
  );
}
