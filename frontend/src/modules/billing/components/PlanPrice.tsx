import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Muted } from '@/modules/ui/components/Layout';
import { useBillingFormats } from '../hooks/useBillingFormats';
import type { BillingInterval, Product } from '../types/billing';
import type { PlanPriceView } from '../utils/prices';

const StyledPrice = styled.p`
  margin: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing(1)};
  strong { font-size: 26px; font-weight: 600; font-variant-numeric: tabular-nums; }
`;

export interface PlanPriceProps {
  product: Product;
  /** `null` for the free plan, and for a plan not sold by `interval`. */
  price: PlanPriceView | null;
  currency: string;
  interval: BillingInterval;
  /** The store's seats, which a paid plan charges for. */
  seats: number;
}

/**
 * What a plan costs: per employee for the interval, before a discount, as a month of a year's
 * price, what the year saves, and what the store's seats come to.
 */
export function PlanPrice({ product, price, currency, interval, seats }: PlanPriceProps) {
  const { t } = useTranslation();
  const { money } = useBillingFormats();
  if (!price) {
    return product.prices.length > 0 ? (
      <Muted>{t(`billing.picker.unsold.${interval}`)}</Muted>
    ) : (
      <StyledPrice>
        <strong>{money(0, currency)}</strong>
        <Muted>{t('billing.picker.noCharge')}</Muted>
      </StyledPrice>
    );
  }
  return (
    <>
      <StyledPrice>
        <strong>{money(price.unit, currency)}</strong>
        <Muted>{t(`billing.picker.perEmployee.${interval}`)}</Muted>
        {price.before !== null ? <Muted>{t('billing.picker.before', { price: money(price.before, currency) })}</Muted> : null}
        {price.monthly !== null ? <Muted>{t('billing.picker.monthly', { price: money(price.monthly, currency) })}</Muted> : null}
        {price.saving ? <Muted>{t('billing.picker.saving', { price: money(price.saving.amount, currency) })}</Muted> : null}
      </StyledPrice>
      <Muted>{t(`billing.picker.estimate.${interval}`, { count: seats, price: money(price.unit * seats, currency) })}</Muted>
    </>
  );
}
