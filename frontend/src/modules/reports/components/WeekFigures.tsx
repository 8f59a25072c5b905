import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { errorText } from '@/modules/api/errors';
import { useCurrentStore } from '@/modules/stores/hooks/useCurrentStore';
import { Card, Muted, Row, Stack } from '@/modules/ui/components/Layout';
import { useScheduleReport } from '../hooks/useScheduleReport';
import { rangeOf } from '../utils/report';
import { ReportCharts } from './ReportCharts';
import { ReportSummary } from './ReportSummary';

/** The dashboard's report of the current week: the same figures and chart as `/reports`. */
export function WeekFigures() {
  const { t } = useTranslation();
  const { storeId, store } = useCurrentStore();
  const zone = store?.timezoneReference ?? 'UTC';
  const weekStart = store?.weekStart ?? 0;
  const [now] = useState(() => Date.now());
  const range = useMemo(() => rangeOf('week', now, zone, weekStart), [now, zone, weekStart]);
  const { data, error } = useScheduleReport(storeId, range);
  return (
    <Stack $gap={2} data-testid="week-figures">
      <Row $justify="space-between">
        <h2 style={{ margin: 0 }}>{t('reports.thisWeek')}</h2>
        <Link to="/reports">{t('reports.open')}</Link>
      </Row>
      {error ? <Card role="alert">{errorText(t, error)}</Card> : null}
      {!data && !error ? <Muted>{t('common.loading')}</Muted> : null}
      {data ? (
        <>
          <ReportSummary report={data} />
          <Card>
            <ReportCharts report={data} />
          </Card>
        </>
      ) : null}
    </Stack>
  );
}
