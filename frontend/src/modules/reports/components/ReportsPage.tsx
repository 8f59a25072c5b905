import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { errorText } from '@/modules/api/errors';
import { useCurrentStore } from '@/modules/stores/hooks/useCurrentStore';
import { Button } from '@/modules/ui/components/Button';
import { NextIcon, PreviousIcon } from '@/modules/ui/components/DirectionIcon';
import { choiceOf } from '@/modules/forms/validation';
import { SelectField, TextField } from '@/modules/ui/components/Field';
import { Card, Muted, PageHeader, Row, Stack } from '@/modules/ui/components/Layout';
import { Loading } from '@/modules/ui/components/Spinner';
import { moveDays } from '@/modules/schedule/utils/calendar';
import { useScheduleReport } from '../hooks/useScheduleReport';
import { customRange, dayOf, RANGE_MODES, rangeOf, type RangeMode } from '../utils/report';
import { ExportPanel } from './ExportPanel';
import { ReportCharts } from './ReportCharts';
import { ReportSummary } from './ReportSummary';
import { ReportTables } from './ReportTables';

const StyledControls = styled(Row)`
  flex-wrap: wrap;
  align-items: end;
  > * { min-width: 0; }
`;

/**
 * `/reports`: a range's scheduled and worked hours, breaks, lateness, overtime and wage cost,
 * as figures, charts and tables per employee and role, with the range's exports.
 */
export function ReportsPage() {
  const { t, i18n } = useTranslation();
  const { storeId, store } = useCurrentStore();
  const zone = store?.timezoneReference ?? 'UTC';
  const weekStart = store?.weekStart ?? 0;
  const [mode, setMode] = useState<RangeMode>('week');
  const [anchor, setAnchor] = useState(() => Date.now());
  const [from, setFrom] = useState(() => dayOf(Date.now(), zone));
  const [to, setTo] = useState(() => dayOf(Date.now(), zone));
  const range = useMemo(
    () => (mode === 'custom' ? customRange(from, to, zone) : rangeOf(mode, anchor, zone, weekStart)),
    [mode, anchor, from, to, zone, weekStart],
  );
  const { data, error, loading } = useScheduleReport(storeId, range);
  if (!store || !storeId) return <Loading label={t('common.loading')} />;

  const lang = i18n.resolvedLanguage;
  const shown = range
    ? new Intl.DateTimeFormat(lang, { day: 'numeric', month: 'short', year: 'numeric', timeZone: zone }).formatRange(
        range.start,
        Math.max(range.start, range.end - 1),
      )
    : '';
  const step = (dir: 1 | -1) =>
    setAnchor((a) => (mode === 'week' ? moveDays(a, 7 * dir, zone) : moveDays(rangeOf('month', a, zone, weekStart).start, dir === 1 ? 32 : -1, zone)));

  return (
    <Stack>
      <PageHeader>
        <h1>{t('reports.title')}</h1>
      </PageHeader>
      <Card>
        <StyledControls $gap={3}>
          <SelectField
            label={t('reports.range')}
            value={mode}
            onChange={(e) => setMode(choiceOf(RANGE_MODES, e.target.value) ?? mode)}
            options={RANGE_MODES.map((m) => ({ value: m, label: t(`reports.${m}`) }))}
            data-testid="report-mode"
          />
          {mode === 'custom' ? (
            <>
              <TextField label={t('reports.from')} type="date" value={from} onChange={(e) => setFrom(e.target.value)} data-testid="report-from" />
              <TextField label={t('reports.to')} type="date" value={to} onChange={(e) => setTo(e.target.value)} data-testid="report-to" />
            </>
          ) : (
            <Row $gap={2}>
              <Button $small $variant="secondary" onClick={() => step(-1)} aria-label={t('reports.previous')}><PreviousIcon /></Button>
              <span data-testid="report-range">{shown}</span>
              <Button $small $variant="secondary" onClick={() => step(1)} aria-label={t('reports.next')}><NextIcon /></Button>
            </Row>
          )}
        </StyledControls>
      </Card>
      {error ? <Card role="alert">{errorText(t, error)}</Card> : null}
      {!range ? <Card role="alert">{t('reports.badRange')}</Card> : null}
      {loading && !data ? <Muted>{t('common.loading')}</Muted> : null}
      {data ? (
        <>
          <ReportSummary report={data} />
          {data.unstartedShifts > 0 ? (
            <Muted data-testid="report-unstarted">{t('reports.unstarted', { count: data.unstartedShifts })}</Muted>
          ) : null}
          <Card>
            <ReportCharts report={data} />
          </Card>
          <ReportTables report={data} />
        </>
      ) : null}
      {range ? <ExportPanel storeId={storeId} range={range} /> : null}
    </Stack>
  );
}
