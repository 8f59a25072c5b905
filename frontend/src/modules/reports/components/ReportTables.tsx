import { useTranslation } from 'react-i18next';
import { FiguresTable } from '@/modules/ui/components/FiguresTable';
import { Card } from '@/modules/ui/components/Layout';
import { formatMoney, formatNumber } from '@/modules/ui/utils/format';
import { hoursOf, type ScheduleReport } from '../utils/report';

interface Line {
  key: string;
  name: string;
  scheduledMinutes: number;
  workedMinutes: number;
  breakMinutes: number;
  overtimeMinutes: number;
  late: number;
  lateMinutes: number;
  cost: number;
}

/** The report's lines per employee and per role. */
export function ReportTables({ report }: { report: ScheduleReport }) {
  const { t } = useTranslation();
  const employees: Line[] = report.employees.map((e) => ({ ...e, key: e.employee, name: e.name || e.email }));
  const roles: Line[] = report.roles.map((r) => ({ ...r, key: r.role ?? 'none', name: r.title || t('reports.noRole') }));
  return (
    <>
      <LineTable title={t('reports.perEmployee')} head={t('reports.employee')} lines={employees} currency={report.currency} testId="report-employees" />
      <LineTable title={t('reports.perRole')} head={t('reports.role')} lines={roles} currency={report.currency} testId="report-roles" />
    </>
  );
}

function LineTable({ title, head, lines, currency, testId }: { title: string; head: string; lines: Line[]; currency: string; testId: string }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.resolvedLanguage;
  const hours = (m: number) => formatNumber(hoursOf(m), lang);
  return (
    // A table wider than a phone scrolls; the region takes the keyboard focus to scroll it.
    <Card style={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={title}>
      <FiguresTable data-testid={testId}>
        <caption style={{ textAlign: 'start', fontWeight: 600 }}>{title}</caption>
        <thead>
          <tr>
            <th scope="col">{head}</th>
            <th scope="col">{t('reports.scheduled')}</th>
            <th scope="col">{t('reports.worked')}</th>
            <th scope="col">{t('reports.breaks')}</th>
            <th scope="col">{t('reports.late')}</th>
            <th scope="col">{t('reports.overtime')}</th>
            <th scope="col">{t('reports.cost')}</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((l) => (
            <tr key={l.key} data-testid={`${testId}-line`}>
              <th scope="row">{l.name}</th>
              <td>{hours(l.scheduledMinutes)}</td>
              <td>{hours(l.workedMinutes)}</td>
              <td>{hours(l.breakMinutes)}</td>
              <td title={t('reports.lateMinutes', { count: l.lateMinutes })}>{formatNumber(l.late, lang)}</td>
              <td>{hours(l.overtimeMinutes)}</td>
              <td>{formatMoney(l.cost, currency, lang)}</td>
            </tr>
          ))}
        </tbody>
      </FiguresTable>
    </Card>
  );
}
