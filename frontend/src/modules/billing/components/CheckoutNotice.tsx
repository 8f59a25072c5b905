import { useTranslation } from 'react-i18next';
import styled, { keyframes } from 'styled-components';
import { Button } from '@/modules/ui/components/Button';
import type { CheckoutState } from '../hooks/useCheckoutReturn';
import type { PlanId } from '../types/billing';

type Tone = 'wait' | 'good' | 'quiet';

const TONES: Record<CheckoutState, Tone> = { confirming: 'wait', slow: 'wait', confirmed: 'good', cancelled: 'quiet' };

const StyledNotice = styled.div<{ $tone: Tone }>`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.spacing(3)};
  padding: ${({ theme }) => `${theme.spacing(3)} ${theme.spacing(4)}`};
  border-radius: ${({ theme }) => theme.radius}px;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-inline-start: 4px solid
    ${({ theme, $tone }) => ($tone === 'good' ? theme.color.success : $tone === 'wait' ? theme.color.primary : theme.color.textMuted)};
  background: ${({ theme }) => theme.color.surface};
`;

const spin = keyframes`to { transform: rotate(360deg); }`;

const StyledSpinner = styled.span`
  display: inline-block;
  width: 16px;
  height: 16px;
  margin-inline-end: ${({ theme }) => theme.spacing(2)};
  vertical-align: -3px;
  border: 2px solid ${({ theme }) => theme.color.primarySoft};
  border-top-color: ${({ theme }) => theme.color.primary};
  border-radius: 50%;
  animation: ${spin} 0.8s linear infinite;
`;

export interface CheckoutNoticeProps {
  state: CheckoutState;
  /** The store's plan, named once the payment is confirmed. */
  plan: PlanId | null;
  onDismiss: () => void;
}

/** What became of the checkout the browser came back from: confirming, confirmed, slow, or cancelled. */
export function CheckoutNotice({ state, plan, onDismiss }: CheckoutNoticeProps) {
  const { t } = useTranslation();
  const waiting = state === 'confirming';
  return (
    <StyledNotice $tone={TONES[state]} role="status" data-testid="checkout-notice" data-state={state}>
      <span>
        {waiting ? <StyledSpinner aria-hidden="true" /> : null}
        {t(`billing.checkout.${state}`, { plan: plan ?? 'free' })}
      </span>
      {waiting ? null : (
        <Button $small $variant="ghost" onClick={onDismiss}>
          {t('billing.checkout.dismiss')}
        </Button>
      )}
    </StyledNotice>
  );
}
