import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoadedTemplate, TemplateCheckEntry } from '@/modules/api/types';
import { errorText } from '@/modules/api/errors';
import { useShiftCalls } from '@/modules/schedule/hooks/useShiftCalls';
import { useCurrentStore } from '@/modules/stores/hooks/useCurrentStore';
import { Button } from '@/modules/ui/components/Button';
import { Dialog } from '@/modules/ui/components/Dialog';
import { FormError, SelectField } from '@/modules/ui/components/Field';
import { Muted, Stack } from '@/modules/ui/components/Layout';
import { formatTimeRange } from '@/modules/ui/utils/format';
import { useTemplates } from '../hooks/useTemplates';
import { checkSummary } from '../utils/templateShifts';

export interface LoadTemplateDialogProps {
  kind: 'weekly' | 'daily';
  /** Local midnights of the board's days. */
  days: number[];
  /** The end of the board's range. */
  end: number;
  zone: string;
  onLoaded: (answer: LoadedTemplate) => void;
  onClose: () => void;
}

/**
 * Loads a weekly template into the board's week, or a daily one into a day of it: first the
 * check, showing per employee the shifts that would not be made and why, then the load once
 * the manager confirms.
 */
export function LoadTemplateDialog({ kind, days, end, zone, onLoaded, onClose }: LoadTemplateDialogProps) {
  const { t, i18n } = useTranslation();
  const { storeId } = useCurrentStore();
  const run = useShiftCalls();
  const { templates, loading } = useTemplates(kind);
  const [chosen, setChosen] = useState('');
  const [day, setDay] = useState(days[0] ?? 0);
  const [check, setCheck] = useState<TemplateCheckEntry[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = chosen || templates[0]?.id || '';
  const template = templates.find((x) => x.id === id);
  const from = kind === 'weekly' ? (days[0] ?? 0) : day;
  const fmt = new Intl.DateTimeFormat(i18n.resolvedLanguage, { weekday: 'long', day: 'numeric', month: 'short', timeZone: zone });

  useEffect(() => {
    if (!id) return;
    let live = true;
    setCheck(null);
    setFailure(null);
    const ask =
      kind === 'weekly'
        ? run('checkLoadingWeeklyTemplate', { store: storeId, templateId: id, startTime: from, endTime: end })
        : run('checkLoadDailyTemplate', { store: storeId, templateId: id, startOfDay: from });
    ask.then(
      (entries) => live && setCheck(entries),
      (e: unknown) => live && setFailure(errorText(t, e)),
    );
    return () => {
      live = false;
    };
  }, [id, kind, from, end, run, storeId, t]);

  const load = async () => {
    setBusy(true);
    try {
      const answer =
        kind === 'weekly'
          ? await run('loadWeeklyTemplate', { store: storeId, templateId: id, startOfRange: from, endOfRange: end })
          : await run('loadDailyTemplate', { store: storeId, templateId: id, startOfDay: from });
      onLoaded(answer);
    } catch (e) {
      setFailure(errorText(t, e));
    } finally {
      setBusy(false);
    }
  };

  const summary = check ? checkSummary(check) : null;
  const total = template?.shifts.length ?? 0;
  return (
    <Dialog
      title={t(kind === 'weekly' ? 'templates.loadWeekly' : 'templates.loadDaily')}
      onClose={onClose}
      actions={
        <>
          <Button $variant="secondary" onClick={onClose}>{t('common.cancel')}</Button>
          <Button onClick={() => void load()} disabled={busy || !check || failure !== null || !id} data-testid="load-template-confirm">
            {t('templates.load', { count: Math.max(0, total - (summary?.failed ?? 0)) })}
          </Button>
        </>
      }
    >
      <Stack $gap={3}>
        {!loading && templates.length === 0 ? <Muted>{t('templates.none')}</Muted> : null}
        {templates.length > 0 ? (
          <SelectField label={t('templates.template')} value={id} onChange={(e) => setChosen(e.target.value)} options={templates.map((x) => ({ value: x.id, label: x.title }))} data-testid="load-template-choice" />
        ) : null}
        {kind === 'daily' ? (
          <SelectField label={t('templates.day')} value={String(day)} onChange={(e) => setDay(Number(e.target.value))} options={days.map((d) => ({ value: String(d), label: fmt.format(d) }))} />
        ) : (
          <Muted>{t('templates.intoWeek', { day: fmt.format(from) })}</Muted>
        )}
        {id && !check && !failure ? <Muted>{t('templates.checking')}</Muted> : null}
        {summary ? (
          <div data-testid="load-template-buckets" role="status">
            <p>{summary.failed === 0 ? t('templates.allFit', { count: total }) : t('templates.someFail', { count: summary.failed, total })}</p>
            {check?.map((entry, i) => (
              <section key={i} data-testid="load-template-bucket" data-type={entry.type}>
                <strong>{entry.name ?? t('templates.noEmployee')}</strong> — {t(`templates.buckets.${entry.type}`)}
                <ul>
                  {entry.shifts.map((s, j) => (
                    <li key={j}>
                      {s.title} · {fmt.format(s.start)} {formatTimeRange(s.start, s.end, zone, i18n.resolvedLanguage)}
                      <br />
                      <Muted>{s.message}</Muted>
                    </li>
                  ))}
                </ul>
              </section>
            ))}
          </div>
        ) : null}
        {failure ? <FormError role="alert">{failure}</FormError> : null}
      </Stack>
    </Dialog>
  );
}
