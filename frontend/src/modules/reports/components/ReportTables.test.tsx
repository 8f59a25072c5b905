import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import i18n from '@/i18n';
import { renderWithProviders } from '@/test/render';
import type { ScheduleReport } from '../utils/report';
import { ReportSummary } from './ReportSummary';
import { ReportTables } from './ReportTables';

const figures = { scheduledMinutes: 480, workedMinutes: 450, breakMinutes: 30, overtimeMinutes: 0, shifts: 1, late: 1, lateMinutes: 5, cost: 112.5 };
const report: ScheduleReport = {
  start: 0,
  end: 7 * 86_400_000,
  currency: 'EUR',
  timezone: 'Europe/Berlin',
  employees: [{ employee: 'e1', name: 'Ana Lima', email: 'ana@example.com', wageType: 'Hourly', ...figures }],
  roles: [{ role: null, title: '', color: '', ...figures }],
  days: [{ date: '2026-11-09', scheduledMinutes: 480, workedMinutes: 450 }],
  payroll: [],
  total: figures,
  unstartedShifts: 0,
};

describe('report figures', () => {
  it('shows hours and cost through Intl in the reader’s language', async () => {
    await i18n.changeLanguage('en');
    renderWithProviders(<ReportTables report={report} />);
    const row = within(screen.getByTestId('report-employees')).getByText('Ana Lima').closest('tr');
    expect(row?.textContent).toContain('7.5');
    expect(row?.textContent).toContain('€112.50');
    // Work in no known role is named so.
    expect(within(screen.getByTestId('report-roles')).getByText('No role')).toBeTruthy();
  });

  it('writes Persian digits in Persian', async () => {
    await i18n.changeLanguage('fa');
    renderWithProviders(<ReportSummary report={report} />);
    expect(screen.getByTestId('report-total-worked').textContent).toContain('۷٫۵');
    await i18n.changeLanguage('en');
  });
});
