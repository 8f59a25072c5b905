import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { errorText } from '@/modules/api/errors';
import { FormError } from '@/modules/ui/components/Field';
import { Card, Muted, Stack } from '@/modules/ui/components/Layout';
import { useBillingFormats } from '../hooks/useBillingFormats';
import type { Invoice, InvoiceList } from '../types/billing';

/* A table wider than a phone scrolls inside its own region (which takes the focus, so a
   keyboard scrolls it too) instead of widening the page. */
const StyledScroll = styled.div`
  overflow-x: auto;
  &:focus-visible { outline: 2px solid ${({ theme }) => theme.color.primary}; outline-offset: 2px; }
`;

const StyledTable = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-variant-numeric: tabular-nums;
  th, td { padding: ${({ theme }) => `${theme.spacing(2)} ${theme.spacing(2)}`}; text-align: start; white-space: nowrap; }
  th { font-weight: 600; color: ${({ theme }) => theme.color.textMuted}; font-size: 13px; }
  td.total { text-align: end; }
  th.total { text-align: end; }
  tbody tr { border-top: 1px solid ${({ theme }) => theme.color.border}; }
  a { color: ${({ theme }) => theme.color.primary}; margin-inline-end: ${({ theme }) => theme.spacing(3)}; }
`;

export interface InvoicesTableProps {
  list: InvoiceList | null;
  error: unknown;
}

/** The store's invoices, newest first: number, dates, total, status, and the provider's page and PDF of each. */
export function InvoicesTable({ list, error }: InvoicesTableProps) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <Card aria-labelledby={headingId} data-testid="invoices">
      <Stack $gap={3}>
        <h2 id={headingId} style={{ margin: 0 }}>{t('billing.invoices.heading')}</h2>
        {error ? (
          <FormError role="alert">{errorText(t, error)}</FormError>
        ) : list === null ? (
          <Muted>{t('common.loading')}</Muted>
        ) : list.invoices.length === 0 ? (
          <Muted>{t('billing.invoices.none')}</Muted>
        ) : (
          <StyledScroll role="region" aria-labelledby={headingId} tabIndex={0}>
            <StyledTable>
              <thead>
                <tr>
                  <th scope="col">{t('billing.invoices.number')}</th>
                  <th scope="col">{t('billing.invoices.date')}</th>
                  <th scope="col">{t('billing.invoices.period')}</th>
                  <th scope="col" className="total">{t('billing.invoices.total')}</th>
                  <th scope="col">{t('billing.invoices.status')}</th>
                  <th scope="col">{t('billing.invoices.documents')}</th>
                </tr>
              </thead>
              <tbody>
                {list.invoices.map((invoice) => (
                  <InvoiceRow key={invoice.id} invoice={invoice} />
                ))}
              </tbody>
            </StyledTable>
          </StyledScroll>
        )}
      </Stack>
    </Card>
  );
}

function InvoiceRow({ invoice }: { invoice: Invoice }) {
  const { t } = useTranslation();
  const { date, money } = useBillingFormats();
  const number = invoice.number ?? t('billing.invoices.noNumber');
  const { periodStart, periodEnd } = invoice;
  const period = typeof periodStart === 'number' && typeof periodEnd === 'number' ? `${date(periodStart)} – ${date(periodEnd)}` : '—';
  return (
    <tr data-testid={`invoice-${invoice.id}`}>
      <td>{number}</td>
      <td>{date(invoice.created)}</td>
      <td>{period}</td>
      <td className="total">{money(invoice.total, invoice.currency)}</td>
      <td>{t(`billing.invoices.statuses.${invoice.status}`, { defaultValue: invoice.status })}</td>
      <td>
        {invoice.hostedInvoiceUrl ? (
          <a href={invoice.hostedInvoiceUrl} target="_blank" rel="noreferrer" aria-label={t('billing.invoices.viewLabel', { number })}>
            {t('billing.invoices.view')}
          </a>
        ) : null}
        {invoice.invoicePdf ? (
          <a href={invoice.invoicePdf} target="_blank" rel="noreferrer" aria-label={t('billing.invoices.pdfLabel', { number })}>
            {t('billing.invoices.pdf')}
          </a>
        ) : null}
      </td>
    </tr>
  );
}
