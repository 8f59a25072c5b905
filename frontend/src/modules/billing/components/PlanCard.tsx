import { useId } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Button } from '@/modules/ui/components/Button';
import type { BillingInterval, Product } from '../types/billing';
import { limitOf, type PlanAction, type PlanCardState } from '../utils/plans';
import type { PlanPriceView } from '../utils/prices';
import { PlanPrice } from './PlanPrice';

const StyledCard = styled.article<{ $current: boolean }>`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing(3)};
  padding: ${({ theme }) => theme.spacing(4)};
  border-radius: ${({ theme }) => theme.radius}px;
  border: ${({ theme, $current }) => ($current ? `2px solid ${theme.color.primary}` : `1px solid ${theme.color.border}`)};
  background: ${({ theme }) => theme.color.surface};
  h3 { margin: 0; font-size: 18px; }
`;

const StyledHead = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.spacing(2)};
`;

const StyledCurrent = styled.span`
  font-size: 12px;
  font-weight: 600;
  color: ${({ theme }) => theme.color.primaryStrong};
  background: ${({ theme }) => theme.color.primarySoft};
  padding: 2px ${({ theme }) => theme.spacing(2)};
  border-radius: 999px;
`;

const StyledAllows = styled.ul`
  margin: 0;
  padding-inline-start: ${({ theme }) => theme.spacing(5)};
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing(1)};
  flex: 1;
`;

export interface PlanCardProps {
  product: Product;
  /** `null` for the free plan, and for a plan not sold by `interval`. */
  price: PlanPriceView | null;
  currency: string;
  interval: BillingInterval;
  state: PlanCardState;
  /** The store's seats, which a paid plan charges for. */
  seats: number;
  /** Whether choosing this plan starts the free trial. */
  trial: boolean;
  busy: boolean;
  /** Moves the store to this plan (the card's action). */
  onChoose: () => void;
}

/** One plan: its price, what it allows, and the owner's button to move to it. */
export function PlanCard({ product, price, currency, interval, state, seats, trial, busy, onChoose }: PlanCardProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const employees = limitOf(product.limits, 'employees');
  const roles = limitOf(product.limits, 'roles');
  return (
    <StyledCard $current={state.current} aria-labelledby={headingId} data-testid={`plan-${product.id}`}>
      <StyledHead>
        <h3 id={headingId}>{t(`billing.plans.${product.id}`)}</h3>
        {state.current ? <StyledCurrent>{t('billing.picker.current')}</StyledCurrent> : null}
      </StyledHead>
      <PlanPrice product={product} price={price} currency={currency} interval={interval} seats={seats} />
      <StyledAllows>
        <li>{employees === null ? t('billing.allows.employeesUnlimited') : t('billing.allows.employees', { count: employees })}</li>
        <li>{roles === null ? t('billing.allows.rolesUnlimited') : t('billing.allows.roles', { count: roles })}</li>
        {product.limits.assistant ? <li>{t('billing.allows.assistant')}</li> : null}
      </StyledAllows>
      {state.action ? (
        <Button
          $variant={state.action === 'downgrade' ? 'secondary' : 'primary'}
          disabled={busy}
          onClick={onChoose}
          data-testid={`choose-${product.id}`}
        >
          {actionLabel(t, state.action, interval, trial)}
        </Button>
      ) : null}
    </StyledCard>
  );
}

function actionLabel(t: TFunction, action: PlanAction, interval: BillingInterval, trial: boolean): string {
  if (action === 'switch') return t(`billing.picker.switch.${interval}`);
  if (action === 'upgrade' && trial) return t('billing.picker.startTrial');
  return t(`billing.picker.${action}`);
}
