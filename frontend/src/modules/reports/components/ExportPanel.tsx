import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '@/modules/auth/hooks/useApi';
import { useReportedCall } from '@/modules/snackbar/hooks/useReportedCall';
import { Button } from '@/modules/ui/components/Button';
import { Checkbox, SelectField } from '@/modules/ui/components/Field';
import { Card, Row, Stack } from '@/modules/ui/components/Layout';
import { COLLECTION_ITEMS, RANGE_EXPORTS, saveFile, type CollectionItem, type Range } from '../utils/report';

interface Props {
  storeId: string;
  range: Range;
}

/** The range's exports (XLSX or CSV) and a sheet collection of chosen items (XLSX). */
export function ExportPanel({ storeId, range }: Props) {
  const { t } = useTranslation();
  const api = useApi();
  const { run } = useReportedCall();
  const [format, setFormat] = useState<'xlsx' | 'csv'>('xlsx');
  const [items, setItems] = useState<CollectionItem[]>(['shifts', 'payroll']);
  const [busy, setBusy] = useState<string | null>(null);

  const download = async (kind: string, query: Record<string, string | number>) => {
    setBusy(kind);
    const file = await run(() => api.download(`/stores/${storeId}/exports/${kind}`, { start: range.start, end: range.end, ...query }), {
      key: 'export',
    });
    if (file) saveFile(file.data.blob, file.data.filename);
    setBusy(null);
  };

  return (
    <Card data-testid="export-panel">
      <Stack $gap={3}>
        <h2 style={{ margin: 0 }}>{t('sheets.exports')}</h2>
        <Row $gap={3} style={{ flexWrap: 'wrap', alignItems: 'end' }}>
          <SelectField
            label={t('sheets.format')}
            value={format}
            onChange={(e) => setFormat(e.target.value === 'csv' ? 'csv' : 'xlsx')}
            options={[
              { value: 'xlsx', label: 'XLSX' },
              { value: 'csv', label: 'CSV' },
            ]}
            data-testid="export-format"
          />
          {RANGE_EXPORTS.map((kind) => (
            <Button
              key={kind}
              $small
              $variant="secondary"
              disabled={busy !== null}
              onClick={() => void download(kind, { format })}
              data-testid={`export-${kind}`}
            >
              {t(`sheets.kind.${kind}`)}
            </Button>
          ))}
        </Row>
        <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
          <legend>{t('sheets.collection')}</legend>
          <Row $gap={3} style={{ flexWrap: 'wrap' }}>
            {COLLECTION_ITEMS.map((item) => (
              <Checkbox
                key={item}
                label={t(`sheets.kind.${item}`)}
                checked={items.includes(item)}
                onChange={(e) => setItems((now) => (e.target.checked ? [...now, item] : now.filter((i) => i !== item)))}
              />
            ))}
            <Button
              $small
              disabled={busy !== null || items.length === 0}
              onClick={() => void download('sheetCollection', { format: 'xlsx', items: items.join(',') })}
              data-testid="export-collection"
            >
              {t('sheets.downloadCollection')}
            </Button>
          </Row>
        </fieldset>
      </Stack>
    </Card>
  );
}
