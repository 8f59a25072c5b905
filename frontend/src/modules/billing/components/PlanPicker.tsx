import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Checkbox } from '@/modules/ui/components/Field';
import { Card, Muted, Row, Stack } from '@/modules/ui/components/Layout';
import type { BillingInterval, Catalogue, PaidPlanId, PlanId, Subscription } from '../types/billing';
import { billingControls, intervalOf, planCard } from '../utils/plans';
import { planPrice } from '../utils/prices';
import { IntervalSwitch } from './IntervalSwitch';
import { PlanCard } from './PlanCard';

const StyledPlans = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(210px, 1fr));
  gap: ${({ theme }) => theme.spacing(3)};
`;

const StyledTrial = styled.p`
  margin: 0;
  padding: ${({ theme }) => `${theme.spacing(2)} ${theme.spacing(3)}`};
  border-radius: ${({ theme }) => theme.radius}px;
  background: ${({ theme }) => theme.color.primarySoft};
  color: ${({ theme }) => theme.color.primaryStrong};
  font-weight: 500;
`;

export interface PlanPickerProps {
  catalogue: Catalogue;
  subscription: Subscription;
  busy: boolean;
  /** Starts a checkout for a paid plan. */
  onCheckout: (plan: PaidPlanId, interval: BillingInterval, nonProfit: boolean) => void;
  /** Opens the billing portal, where a subscription is cancelled (back to the free plan). */
  onPortal: () => void;
}

/**
 * The plans side by side, priced monthly or yearly: the owner's upgrades and downgrades, the
 * free trial while the store has not used it, and the non-profit discount.
 */
export function PlanPicker({ catalogue, subscription, busy, onCheckout, onPortal }: PlanPickerProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const [interval, chooseInterval] = useState<BillingInterval>(() => intervalOf(subscription) ?? 'year');
  const [nonProfit, setNonProfit] = useState(false);
  const controls = billingControls(subscription);
  const discount = nonProfit ? catalogue.nonProfitDiscountPercent : 0;
  const trial = controls.buttons && subscription.trialAvailable && catalogue.trialDays > 0;

  // The free plan is no checkout: a subscription is cancelled in the billing portal.
  const handleChoose = (plan: PlanId) => (plan === 'free' ? onPortal() : onCheckout(plan, interval, nonProfit));

  return (
    <Card aria-labelledby={headingId}>
      <Stack>
        <Row $justify="space-between" $gap={3}>
          <h2 id={headingId} style={{ margin: 0 }}>{t('billing.picker.heading')}</h2>
          <IntervalSwitch value={interval} yearlySavingPercent={catalogue.yearlySavingPercent} onChange={chooseInterval} />
        </Row>
        {trial ? <StyledTrial data-testid="trial-offer">{t('billing.picker.trial', { count: catalogue.trialDays })}</StyledTrial> : null}
        {controls.buttons && catalogue.nonProfitOffered && catalogue.nonProfitDiscountPercent > 0 ? (
          <Checkbox
            label={t('billing.picker.nonProfit', { share: catalogue.nonProfitDiscountPercent / 100 })}
            checked={nonProfit}
            onChange={(e) => setNonProfit(e.target.checked)}
            data-testid="non-profit"
          />
        ) : null}
        <StyledPlans>
          {catalogue.products.map((product) => {
            const price = planPrice(product, interval, discount);
            const state = planCard(product.id, subscription, interval);
            // A paid plan not sold by this interval is shown, not offered.
            const sold = price !== null || product.prices.length === 0;
            return (
              <PlanCard
                key={product.id}
                product={product}
                price={price}
                currency={catalogue.currency}
                interval={interval}
                state={sold ? state : { ...state, action: null }}
                seats={subscription.employees}
                trial={trial}
                busy={busy}
                onChoose={() => handleChoose(product.id)}
              />
            );
          })}
        </StyledPlans>
        <Muted>{t('billing.picker.taxes')}</Muted>
        {controls.buttons ? null : <Muted data-testid="owner-only">{t('billing.picker.ownerOnly')}</Muted>}
      </Stack>
    </Card>
  );
}
