import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Shift } from '@/modules/api/types';
import { errorText } from '@/modules/api/errors';
import { dayKey } from '@/modules/schedule/utils/calendar';
import { useShiftCalls } from '@/modules/schedule/hooks/useShiftCalls';
import { useCurrentStore } from '@/modules/stores/hooks/useCurrentStore';
import { Button } from '@/modules/ui/components/Button';
import { Dialog } from '@/modules/ui/components/Dialog';
import { FormError, SelectField, TextField } from '@/modules/ui/components/Field';
import { Muted, Stack } from '@/modules/ui/components/Layout';
import { shiftsToSave } from '../utils/templateShifts';

export interface SaveTemplateDialogProps {
  kind: 'weekly' | 'daily';
  /** Local midnights of the board's days. */
  days: number[];
  /** The end of the board's range. */
  end: number;
  shifts: Shift[];
  zone: string;
  onSaved: (title: string) => void;
  onClose: () => void;
}

/** Saves the board's week (or one of its days) as a weekly (or daily) template. */
export function SaveTemplateDialog({ kind, days, end, shifts, zone, onSaved, onClose }: SaveTemplateDialogProps) {
  const { t, i18n } = useTranslation();
  const { storeId } = useCurrentStore();
  const run = useShiftCalls();
  const [title, setTitle] = useState('');
  const [day, setDay] = useState(days[0] ?? 0);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const from = kind === 'weekly' ? (days[0] ?? 0) : day;
  const to = kind === 'weekly' ? end : (days[days.indexOf(day) + 1] ?? end);
  const ids = shiftsToSave(shifts, from, to);
  const fmt = new Intl.DateTimeFormat(i18n.resolvedLanguage, { weekday: 'long', day: 'numeric', month: 'short', timeZone: zone });

  const submit = async () => {
    setBusy(true);
    try {
      await run('createRangeTemplate', { store: storeId, title: title.trim(), type: kind, startOfWeek: from, shifts: ids });
      onSaved(title.trim());
    } catch (e) {
      setFailure(errorText(t, e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      title={t(kind === 'weekly' ? 'templates.saveWeekly' : 'templates.saveDaily')}
      onClose={onClose}
      actions={
        <>
          <Button $variant="secondary" onClick={onClose}>{t('common.cancel')}</Button>
          <Button onClick={() => void submit()} disabled={busy || !title.trim() || ids.length === 0} data-testid="save-template-confirm">
            {t('templates.save')}
          </Button>
        </>
      }
    >
      <Stack $gap={3}>
        <TextField label={t('templates.name')} value={title} onChange={(e) => setTitle(e.target.value)} required autoFocus data-testid="save-template-title" />
        {kind === 'daily' ? (
          <SelectField label={t('templates.day')} value={String(day)} onChange={(e) => setDay(Number(e.target.value))} options={days.map((d) => ({ value: String(d), label: fmt.format(d) }))} data-testid="save-template-day" />
        ) : null}
        <Muted data-testid="save-template-count" data-day={dayKey(from, zone)}>
          {ids.length === 0 ? t('templates.emptyTemplate') : t('templates.shiftCount', { count: ids.length })}
        </Muted>
        {failure ? <FormError role="alert">{failure}</FormError> : null}
      </Stack>
    </Dialog>
  );
}
