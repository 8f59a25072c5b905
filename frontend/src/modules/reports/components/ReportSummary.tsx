import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Card, Muted } from '@/modules/ui/components/Layout';
import { formatMoney, formatNumber } from '@/modules/ui/utils/format';
import { hoursOf, type ScheduleReport } from '../utils/report';

const StyledFigures = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(140px, 1fr));
  gap: ${({ theme }) => theme.spacing(3)};
  strong { display: block; font-size: 24px; }
`;

/** The range's totals: hours scheduled and worked, overtime, lateness and cost. */
export function ReportSummary({ report }: { report: ScheduleReport }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.resolvedLanguage;
  const total = report.total;
  const figures: [string, string, string][] = [
    ['scheduled', t('reports.scheduledHours'), formatNumber(hoursOf(total.scheduledMinutes), lang)],
    ['worked', t('reports.workedHours'), formatNumber(hoursOf(total.workedMinutes), lang)],
    ['overtime', t('reports.overtimeHours'), formatNumber(hoursOf(total.overtimeMinutes), lang)],
    ['late', t('reports.lateCount'), formatNumber(total.late, lang)],
    ['cost', t('reports.cost'), formatMoney(total.cost, report.currency, lang)],
  ];
  return (
    <StyledFigures data-testid="report-summary">
      {figures.map(([key, label, value]) => (
        <Card key={key} data-testid={`report-total-${key}`}>
          <Muted>{label}</Muted>
          <strong>{value}</strong>
        </Card>
      ))}
    </StyledFigures>
  );
}
