import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Cell, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useTheme } from 'styled-components';
import { formatMoney, formatNumber } from '@/modules/ui/utils/format';
import { hoursOf, type ScheduleReport } from '../utils/report';

interface Props {
  report: ScheduleReport;
}

/** The report's charts: hours per day (scheduled against worked) and cost per role. */
export function ReportCharts({ report }: Props) {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const lang = i18n.resolvedLanguage;
  const rtl = i18n.dir(lang) === 'rtl';
  const dayLabel = new Intl.DateTimeFormat(lang, { weekday: 'short', day: 'numeric', timeZone: 'UTC' });
  const days = report.days.map((d) => ({
    day: dayLabel.format(new Date(`${d.date}T12:00:00Z`)),
    scheduled: hoursOf(d.scheduledMinutes),
    worked: hoursOf(d.workedMinutes),
  }));
  const roles = report.roles.map((r) => ({
    role: r.title || t('reports.noRole'),
    cost: r.cost,
    color: r.color || theme.color.primary,
  }));
  const hours = (v: unknown) => formatNumber(Number(v), lang);
  const money = (v: unknown) => formatMoney(Number(v), report.currency, lang);
  return (
    <>
      <figure data-testid="report-hours-chart" style={{ margin: 0 }}>
        <figcaption>{t('reports.hoursPerDay')}</figcaption>
        <ResponsiveContainer width="100%" height={260}>
          <BarChart data={days} margin={{ top: 8, right: 8, bottom: 8, left: 8 }}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="day" reversed={rtl} interval="preserveStartEnd" />
            <YAxis orientation={rtl ? 'right' : 'left'} tickFormatter={hours} width={40} />
            <Tooltip formatter={hours} />
            <Legend />
            <Bar dataKey="scheduled" name={t('reports.scheduled')} fill={theme.color.textMuted} />
            <Bar dataKey="worked" name={t('reports.worked')} fill={theme.color.primary} />
          </BarChart>
        </ResponsiveContainer>
      </figure>
      {roles.length > 0 ? (
        <figure data-testid="report-cost-chart" style={{ margin: 0 }}>
          <figcaption>{t('reports.costPerRole')}</figcaption>
          <ResponsiveContainer width="100%" height={Math.max(120, roles.length * 44)}>
            <BarChart data={roles} layout="vertical" margin={{ top: 8, right: 16, bottom: 8, left: 16 }}>
              <CartesianGrid strokeDasharray="3 3" />
              <XAxis type="number" reversed={rtl} tickFormatter={money} />
              <YAxis type="category" dataKey="role" orientation={rtl ? 'right' : 'left'} width={100} />
              <Tooltip formatter={money} />
              <Bar dataKey="cost" name={t('reports.cost')}>
                {roles.map((r) => (
                  <Cell key={r.role} fill={r.color} />
                ))}
              </Bar>
            </BarChart>
          </ResponsiveContainer>
        </figure>
      ) : null}
    </>
  );
}
