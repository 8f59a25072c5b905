import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { ApiError } from '@/modules/api/ApiError';
import { errorText, PLAN_REFUSALS } from '@/modules/api/errors';
import { useApi } from '@/modules/auth/hooks/useApi';
import { saveFile, type EmployeeImport, type RoleImport, type RowError, type TemplateImport } from '@/modules/reports/utils/report';
import { useReportedCall } from '@/modules/snackbar/hooks/useReportedCall';
import { useCurrentStore } from '@/modules/stores/hooks/useCurrentStore';
import { Button } from '@/modules/ui/components/Button';
import { Dialog } from '@/modules/ui/components/Dialog';
import { Muted, Row, Stack } from '@/modules/ui/components/Layout';
import { formatNumber } from '@/modules/ui/utils/format';

/** What the team and templates screens import and export. */
export type SheetKind = 'roles' | 'employees' | 'shiftTemplates';

const CALLS = {
  roles: { upload: 'importRoles', confirm: 'confirmImportedRoles' },
  employees: { upload: 'importEmployees', confirm: 'confirmImportedEmployees' },
  shiftTemplates: { upload: 'importShiftTemplates', confirm: 'confirmImportedShiftTemplates' },
} as const;

type AnyImport = RoleImport | EmployeeImport | TemplateImport;

/** Rows shown of a long list; the counts say how many there are. */
const SHOWN = 100;

const StyledList = styled.ul`
  max-height: 40vh;
  overflow: auto;
  margin: 0;
  padding-inline-start: ${({ theme }) => theme.spacing(4)};
`;

type Pending = { kind: 'ready'; result: AnyImport } | { kind: 'bad'; errors: RowError[]; message: string };

/** One row of an import, as the dialog names it. */
function label(row: AnyImport['data']['new'][number]): string {
  return 'title' in row ? row.title : row.email;
}

export type SheetToolsProps = {
  kind: SheetKind;
  /** The export's kind when it is not `kind` (a templates tab exports its own kind). */
  exportKind?: string;
};

/**
 * Import (upload, review the new, updated or bad rows, confirm), export and the empty form of
 * a list: roles, employees or templates.
 */
export function SheetTools({ kind, exportKind = kind }: SheetToolsProps) {
  const { t, i18n } = useTranslation();
  const api = useApi();
  const { run, busy } = useReportedCall();
  const { storeId, reloadStore, reloadEmployees } = useCurrentStore();
  const input = useRef<HTMLInputElement>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const lang = i18n.resolvedLanguage;
  if (!storeId) return null;

  // A refusal that gives its reasons (the file's, the plan's limit) says them; anything else says which step failed.
  const fallback = (e: unknown, key: string) =>
    e instanceof ApiError && ((e.status === 400 && e.message) || PLAN_REFUSALS.has(e.code)) ? errorText(t, e) : t(key);

  const upload = async (file: File) => {
    const uploaded = await run(() => api.importSheet<AnyImport>(CALLS[kind].upload, file, file.name, storeId), {
      key: 'import',
      failed: (e) => {
        // A file with bad rows is listed row by row in the dialog.
        const details = e instanceof ApiError ? (e.details as { errors?: RowError[] } | undefined) : undefined;
        if (!details?.errors?.length) return fallback(e, `sheets.failedImport.${kind}`);
        setPending({ kind: 'bad', errors: details.errors, message: errorText(t, e) });
        return null;
      },
    });
    if (uploaded) setPending({ kind: 'ready', result: uploaded.data });
    if (input.current) input.current.value = '';
  };

  const confirm = async (tempDocId: string) => {
    const done = await run(
      async () => {
        const imported = await api.call(CALLS[kind].confirm, { storeId, tempDocId });
        // Templates arrive by the store's change events; the team lists are read again.
        if (kind === 'roles') await reloadStore();
        else if (kind === 'employees') await reloadEmployees();
        return imported;
      },
      {
        key: 'import',
        done: (d) => t('sheets.imported', { created: d.created, updated: d.updated }),
        failed: (e) => fallback(e, `sheets.failedConfirm.${kind}`),
      },
    );
    if (done) setPending(null);
  };

  const download = async (path: string, format: 'xlsx' | 'csv') => {
    const file = await run(() => api.download(`/stores/${storeId}/${path}`, { format }), {
      key: 'export',
      failed: (e) => fallback(e, `sheets.failedExport.${kind}`),
    });
    if (file) saveFile(file.data.blob, file.data.filename);
  };

  return (
    <>
      <Row $gap={2} style={{ flexWrap: 'wrap' }}>
        <input
          ref={input}
          type="file"
          accept=".xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          hidden
          data-testid={`import-${kind}-file`}
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) void upload(file);
          }}
        />
        <Button $small $variant="secondary" disabled={busy} onClick={() => input.current?.click()} data-testid={`import-${kind}`}>
          {t('sheets.import')}
        </Button>
        <Button $small $variant="secondary" onClick={() => void download(`exports/${exportKind}`, 'xlsx')} data-testid={`export-${exportKind}-xlsx`}>
          {t('sheets.exportAs', { format: 'XLSX' })}
        </Button>
        <Button $small $variant="secondary" onClick={() => void download(`exports/${exportKind}`, 'csv')} data-testid={`export-${exportKind}-csv`}>
          {t('sheets.exportAs', { format: 'CSV' })}
        </Button>
        <Button $small $variant="ghost" onClick={() => void download(`forms/${kind}`, 'xlsx')} data-testid={`form-${kind}`}>
          {t('sheets.emptyForm')}
        </Button>
      </Row>
      {pending?.kind === 'ready' ? (
        <Dialog
          title={t(`sheets.review.${kind}`)}
          onClose={() => setPending(null)}
          actions={
            <>
              <Button $variant="secondary" onClick={() => setPending(null)}>{t('common.cancel')}</Button>
              <Button disabled={busy} onClick={() => void confirm(pending.result.id)} data-testid="import-confirm">
                {t('sheets.confirm')}
              </Button>
            </>
          }
        >
          <Stack $gap={2} data-testid="import-review">
            <strong>{t('sheets.newRows', { count: pending.result.data.new.length, n: formatNumber(pending.result.data.new.length, lang) })}</strong>
            <StyledList>
              {pending.result.data.new.slice(0, SHOWN).map((r) => <li key={r.row}>{label(r)}</li>)}
            </StyledList>
            <strong>{t('sheets.updatedRows', { count: pending.result.data.update.length, n: formatNumber(pending.result.data.update.length, lang) })}</strong>
            <StyledList>
              {pending.result.data.update.slice(0, SHOWN).map((r) => <li key={r.row}>{label(r)}</li>)}
            </StyledList>
            <Muted>{t('sheets.nothingUntilConfirmed')}</Muted>
          </Stack>
        </Dialog>
      ) : null}
      {pending?.kind === 'bad' ? (
        <Dialog
          title={t('sheets.badRowsTitle')}
          onClose={() => setPending(null)}
          actions={<Button onClick={() => setPending(null)}>{t('common.close')}</Button>}
        >
          <Stack $gap={2}>
            <span role="alert">{pending.message}</span>
            <StyledList data-testid="import-errors">
              {pending.errors.map((e, i) => (
                <li key={`${e.row}-${e.column}-${i}`}>
                  {t('sheets.rowError', { row: formatNumber(e.row, lang), column: e.column, text: e.text })}
                </li>
              ))}
            </StyledList>
            <Muted>{t('sheets.nothingChanged')}</Muted>
          </Stack>
        </Dialog>
      ) : null}
    </>
  );
}
