import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { format } from 'date-fns';
import { TZDate } from '@date-fns/tz';
import type { CreatedShifts, Employee, Role, Shift, Template } from '@/modules/api/types';
import { ApiError } from '@/modules/api/ApiError';
import { errorText } from '@/modules/api/errors';
import { ShiftWarnings } from '@/modules/labour/components/ShiftWarnings';
import type { WarningKind } from '@/modules/labour/utils/labour';
import { previewShift } from '@/modules/labour/utils/preview';
import { Button } from '@/modules/ui/components/Button';
import { ConfirmDialog } from '@/modules/ui/components/ConfirmDialog';
import { Dialog } from '@/modules/ui/components/Dialog';
import { Checkbox, FormError, SelectField, TextField } from '@/modules/ui/components/Field';
import { Muted, Row, Stack } from '@/modules/ui/components/Layout';
import { useSavedShiftDraft } from '../hooks/useSavedShiftDraft';
import { assignableEmployees } from '../utils/grouping';
import {
  changedFields,
  creationErrorKey,
  draftErrors,
  draftOfShift,
  instantsOf,
  rebaseDraft,
  repeatStarts,
  type DraftField,
  type ShiftDraft,
} from '../utils/shiftForm';
import { formatTimeRange } from '@/modules/ui/utils/format';
import { dayStart } from '../utils/calendar';

/** Another manager's save, shown while the dialog is open. */
const StaleNotice = styled.div`
  border: 1px solid ${({ theme }) => theme.color.warning};
  border-radius: ${({ theme }) => theme.radius}px;
  padding: ${({ theme }) => theme.spacing(3)};
  ul { margin: ${({ theme }) => theme.spacing(2)} 0; padding-inline-start: ${({ theme }) => theme.spacing(5)}; }
`;

export interface ShiftDialogProps {
  /** The shift edited, as it was when the dialog opened; `null` creates one. */
  shift: Shift | null;
  /**
   * The edited shift as the store holds it now (live): another manager's save shows here
   * while the dialog is open; `null` once it is deleted.
   */
  live?: Shift | null;
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
  /** Where the unsaved draft is kept in this browser (`shiftDraftKey`); none keeps nothing. */
  draftKey?: string;
  /** Shift templates a new shift may start from. */
  shiftTemplates?: Template[];
  /** A manager's own actions on the saved shift (complete, rate, remind), when given. */
  managerActions?: ReactNode;
  /** What the shift as drafted would be warned about (overtime, rest, availability...). */
  warningsFor?: (shift: Shift) => readonly WarningKind[];
}

type Pending = 'save' | 'delete' | null;

/** Create or edit a shift; each write is confirmed first. The server's refusal is shown here. */
export function ShiftDialog({ shift, live, initial, zone, roles, employees, days, onCreate, onUpdate, onDelete, onClose, draftKey, shiftTemplates = [], managerActions, warningsFor }: ShiftDialogProps) {
  const { t, i18n } = useTranslation();
  const [draft, setDraft] = useState<ShiftDraft>(initial);
  // The version the draft is based on: a save names it, and is refused if it is stale.
  const [base, setBase] = useState<Shift | null>(shift);
  const stale = !!base && live !== undefined && (live === null || live.version !== base.version);
  const changed = base && live ? changedFields(base, live, zone) : [];
  const [errors, setErrors] = useState<ReturnType<typeof draftErrors>>({});
  const [failure, setFailure] = useState<{ heading: string | null; text: string } | null>(null);
  const [pending, setPending] = useState<Pending>(null);
  const [busy, setBusy] = useState(false);
  const people = assignableEmployees(employees, draft.role || null);
  // The chosen assignee, when they lack the chosen role.
  const lacking = draft.assigned && !people.some((p) => p.id === draft.assigned) ? employees.find((e) => e.id === draft.assigned) : undefined;
  const dayLabel = (d: number) => new Intl.DateTimeFormat(i18n.resolvedLanguage, { weekday: 'short', day: 'numeric', month: 'short', timeZone: zone }).format(d);
  const { start, end } = instantsOf(draft, zone);
  const saved = useSavedShiftDraft(draftKey, initial, draft, base?.version ?? null);
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
      saved.forget();
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
    if (pending === 'delete' && base) return run(() => onDelete(base));
    return run(async () => {
      if (base) return onUpdate(base, draft);
      return onCreate(draft);
    });
  };

  /** Leaves the dialog on purpose: its draft is not kept. */
  const handleClose = () => {
    saved.forget();
    onClose();
  };

  /** Puts the unsaved draft from an earlier visit back into the form. */
  const restoreDraft = () => {
    const taken = saved.accept();
    if (taken) setDraft(taken);
  };

  /** Keeps this manager's edits, on top of the other version (its other changes stay). */
  const keepMine = () => {
    if (!live || !base) return;
    setDraft(rebaseDraft(draft, base, live, zone));
    setBase(live);
    setFailure(null);
  };

  /** Drops this manager's edits for the other version. */
  const takeTheirs = () => {
    if (!live) return;
    setBase(live);
    setDraft(draftOfShift(live, zone));
    setFailure(null);
  };

  const shown = (field: DraftField, s: Shift): string => {
    switch (field) {
      case 'title':
        return s.title;
      case 'role':
        return roles.find((r) => r.id === s.role)?.title ?? '—';
      case 'assigned': {
        const who = employees.find((e) => e.id === s.assigned);
        return who ? who.displayName || who.email : t('schedule.openShift');
      }
      case 'time':
        return `${dayLabel(s.start)} ${formatTimeRange(s.start, s.end, zone, i18n.resolvedLanguage)}`;
      case 'oe':
        return t(s.oe ? 'schedule.stale.yes' : 'schedule.stale.no');
    }
  };

  return (
    <>
      <Dialog title={t(shift ? 'schedule.editShift' : 'schedule.newShift')} onClose={handleClose}>
        <form onSubmit={handleSubmit} noValidate data-testid="shift-form">
          <Stack $gap={3}>
            {saved.offered ? (
              <StaleNotice role="status" data-testid="draft-offer">
                <strong>{t('schedule.draft.found', { time: new Intl.DateTimeFormat(i18n.resolvedLanguage, { dateStyle: 'medium', timeStyle: 'short', timeZone: zone }).format(saved.offered.savedAt) })}</strong>
                {saved.offered.baseVersion !== (base?.version ?? null) ? <Muted>{t('schedule.draft.changedSince')}</Muted> : null}
                <Row $gap={2} style={{ flexWrap: 'wrap' }}>
                  <Button type="button" $small onClick={restoreDraft} data-testid="draft-restore">{t('schedule.draft.restore')}</Button>
                  <Button type="button" $small $variant="secondary" onClick={saved.decline} data-testid="draft-discard">{t('schedule.draft.discard')}</Button>
                </Row>
              </StaleNotice>
            ) : null}
            {!shift && shiftTemplates.length > 0 ? (
              <SelectField
                label={t('templates.startFrom')}
                value=""
                onChange={(e) => {
                  const from = shiftTemplates.find((x) => x.id === e.target.value)?.shifts[0];
                  if (from) setDraft({ ...draft, title: from.title, role: from.role ?? draft.role, start: from.start, end: from.end, oe: from.oe ?? false });
                }}
                options={[{ value: '', label: t('templates.choose') }, ...shiftTemplates.map((x) => ({ value: x.id, label: `${x.title} · \u2066${x.shifts[0]?.start ?? ''}–${x.shifts[0]?.end ?? ''}\u2069` }))]}
                data-testid="shift-from-template"
              />
            ) : null}
            <TextField label={t('fields.shiftTitle')} value={draft.title} onChange={(e) => setDraft({ ...draft, title: e.target.value })} error={errors.title && t(errors.title)} />
            <SelectField
              label={t('fields.role')}
              value={draft.role}
              // The assignee stays: a role they lack is said below, never silently turned into
              // an open shift.
              onChange={(e) => setDraft({ ...draft, role: e.target.value })}
              error={errors.role && t(errors.role)}
              options={[{ value: '', label: t('common.choose') }, ...roles.map((r) => ({ value: r.id, label: r.title }))]}
            />
            <SelectField
              label={t('fields.assignee')}
              value={draft.assigned}
              onChange={(e) => setDraft({ ...draft, assigned: e.target.value })}
              options={[
                { value: '', label: t('schedule.openShift') },
                ...(lacking ? [{ value: lacking.id, label: lacking.displayName || lacking.email }] : []),
                ...people.map((p) => ({ value: p.id, label: p.displayName || p.email })),
              ]}
            />
            {lacking ? (
              <Row $gap={2} role="alert" data-testid="role-lacking" style={{ flexWrap: 'wrap' }}>
                <Muted>
                  {t('schedule.roleLacking', {
                    name: `\u2068${lacking.displayName || lacking.email}\u2069`,
                    role: `\u2068${roles.find((r) => r.id === draft.role)?.title ?? ''}\u2069`,
                  })}
                </Muted>
                <Button type="button" $small $variant="secondary" onClick={() => setDraft({ ...draft, assigned: '' })}>
                  {t('schedule.makeOpen')}
                </Button>
              </Row>
            ) : null}
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
            {warningsFor && draft.assigned && end > start ? (
              <ShiftWarnings kinds={warningsFor(previewShift(shift, draft, start, end))} />
            ) : null}
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
            {stale ? (
              <StaleNotice role="status" data-testid="shift-changed">
                <strong>{t(live ? 'schedule.stale.changed' : 'schedule.stale.deleted')}</strong>
                {live && changed.length > 0 ? (
                  <ul>
                    {changed.map((f) => (
                      <li key={f}>
                        {t(`schedule.stale.field.${f}`)}: <bdi>{shown(f, live)}</bdi>
                      </li>
                    ))}
                  </ul>
                ) : null}
                {live ? (
                  <Row $gap={2} style={{ flexWrap: 'wrap' }}>
                    <Button type="button" $small onClick={keepMine} data-testid="keep-mine">{t('schedule.stale.keepMine')}</Button>
                    <Button type="button" $small $variant="secondary" onClick={takeTheirs} data-testid="take-theirs">{t('schedule.stale.takeTheirs')}</Button>
                  </Row>
                ) : null}
              </StaleNotice>
            ) : null}
            {shift ? managerActions : null}
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
                <Button type="button" $variant="secondary" onClick={handleClose}>{t('common.cancel')}</Button>
                <Button type="submit" disabled={busy || stale} data-testid="shift-save">{t(shift ? 'common.save' : 'schedule.create')}</Button>
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
