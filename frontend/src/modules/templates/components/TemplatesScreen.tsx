import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import type { TemplateKind, TemplateShift } from '@/modules/api/types';
import { errorText } from '@/modules/api/errors';
import { useShiftCalls } from '@/modules/schedule/hooks/useShiftCalls';
import { SheetTools } from '@/modules/sheets/components/SheetTools';
import { useReportedCall } from '@/modules/snackbar/hooks/useReportedCall';
import { useSnackbar } from '@/modules/snackbar/hooks/useSnackbar';
import { useCurrentStore } from '@/modules/stores/hooks/useCurrentStore';
import { Button } from '@/modules/ui/components/Button';
import { FormError, SelectField, TextField } from '@/modules/ui/components/Field';
import { Card, Muted, PageHeader, Row, Stack } from '@/modules/ui/components/Layout';
import { CardItem, CardList } from '@/modules/ui/components/List';
import { Loading } from '@/modules/ui/components/Spinner';
import { Tabs } from '@/modules/ui/components/Tabs';
import { useTemplates } from '../hooks/useTemplates';
import { TEMPLATE_TABS, tabOf } from '../utils/templateShifts';
import { TemplateEditor } from './TemplateEditor';

/** Weekday names from the store's first day of the week, in the reader's language. */
function useDayNames(weekStart: number): string[] {
  const { i18n } = useTranslation();
  const fmt = new Intl.DateTimeFormat(i18n.resolvedLanguage, { weekday: 'short', timeZone: 'UTC' });
  // 2023-01-01 was a Sunday.
  return Array.from({ length: 7 }, (_, n) => fmt.format(Date.UTC(2023, 0, 1 + ((weekStart + n) % 7))));
}

/** `/schedule/templates?tab=shift|weekly|daily`: the store's templates, listed, renamed, edited and deleted. */
export function TemplatesScreen() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = tabOf(params.get('tab'));
  const { storeId, store, roles } = useCurrentStore();
  const { templates, loading, error } = useTemplates(tab);
  const run = useShiftCalls();
  const snack = useSnackbar();
  const dayNames = useDayNames(store?.weekStart ?? 0);

  const save = async (id: string, kind: TemplateKind, title: string, shifts: TemplateShift[]) => {
    if (kind === 'shift') {
      const [s] = shifts;
      if (!s) return;
      await run('updateShiftTemplate', { store: storeId, id, title: s.title, start: s.start, end: s.end, role: s.role ?? undefined, oe: s.oe, tasks: s.tasks });
    } else {
      await run('updateRangeTemplate', { store: storeId, id, title, shifts });
    }
    snack(t('templates.saved'), 'success', 'template-saved');
  };

  const remove = async (id: string, kind: TemplateKind) => {
    await run(kind === 'shift' ? 'deleteShiftTemplate' : 'deleteRangeTemplate', { store: storeId, id });
    snack(t('templates.deleted'), 'success', 'template-deleted');
  };

  if (!store) return <Loading label={t('common.loading')} />;
  return (
    <>
      <PageHeader>
        <h1>{t('templates.title')}</h1>
        <Link to="/schedule">{t('templates.backToSchedule')}</Link>
      </PageHeader>
      <Tabs<TemplateKind>
        tabs={TEMPLATE_TABS.map((k) => ({ value: k, label: t(`templates.tabs.${k}`) }))}
        value={tab}
        onChange={(k) => setParams({ tab: k }, { replace: true })}
      />
      <Stack $gap={3} style={{ marginTop: 12 }}>
        <SheetTools kind="shiftTemplates" exportKind={`${tab}Templates`} />
        {tab === 'shift' ? <NewShiftTemplate /> : <Muted>{t('templates.saveFromBoard')}</Muted>}
        {error ? <Card role="alert">{errorText(t, error)}</Card> : null}
        {loading && templates.length === 0 ? <Muted>{t('common.loading')}</Muted> : null}
        {!loading && templates.length === 0 ? <Muted data-testid="templates-empty">{t('templates.none')}</Muted> : null}
        <CardList data-testid="templates-list">
          {templates.map((tpl) => (
            <CardItem key={`${tpl.id}-${tpl.modified}`}>
              <TemplateEditor
                template={tpl}
                roles={roles}
                dayNames={dayNames}
                onSave={(title, shifts) => save(tpl.id, tpl.type, title, shifts)}
                onDelete={() => remove(tpl.id, tpl.type)}
              />
            </CardItem>
          ))}
        </CardList>
      </Stack>
    </>
  );
}

/** The form of a new shift template. */
function NewShiftTemplate() {
  const { t } = useTranslation();
  const { storeId, roles } = useCurrentStore();
  const { call, busy } = useReportedCall();
  const [title, setTitle] = useState('');
  const [start, setStart] = useState('09:00');
  const [end, setEnd] = useState('17:00');
  const [role, setRole] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const submit = async () => {
    const made = await call(
      'createShiftTemplate',
      { store: storeId, title: title.trim(), start, end, role: role || undefined },
      { key: 'template-created', done: 'templates.created', inline: setFailure },
    );
    if (made) setTitle('');
  };
  return (
    <Card>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <h2>{t('templates.newShiftTemplate')}</h2>
        <Row $gap={2} style={{ flexWrap: 'wrap', alignItems: 'flex-end' }}>
          <TextField label={t('fields.shiftTitle')} value={title} onChange={(e) => setTitle(e.target.value)} required data-testid="new-template-title" />
          <TextField type="time" label={t('fields.start')} value={start} onChange={(e) => setStart(e.target.value)} required />
          <TextField type="time" label={t('fields.end')} value={end} onChange={(e) => setEnd(e.target.value)} required />
          <SelectField label={t('fields.role')} value={role} onChange={(e) => setRole(e.target.value)} options={[{ value: '', label: t('templates.noRole') }, ...roles.map((r) => ({ value: r.id, label: r.title }))]} />
          <Button type="submit" disabled={busy || !title.trim() || start === end} data-testid="new-template-save">{t('templates.create')}</Button>
        </Row>
        {failure ? <FormError role="alert">{failure}</FormError> : null}
      </form>
    </Card>
  );
}
