import { useId } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Button } from '@/modules/ui/components/Button';
import { Card, Muted, Row, Stack } from '@/modules/ui/components/Layout';
import { up } from '@/modules/ui/theme/tokens';
import { useBillingFormats } from '../hooks/useBillingFormats';
import type { Subscription } from '../types/billing';
import { billingControls, limitOf, nextInvoice, standing, type PlanStanding } from '../utils/plans';
import { StandingBadge } from './StandingBadge';
import { UsageMeter } from './UsageMeter';

const StyledPlanName = styled.p`
  margin: 0;
  font-size: 24px;
  font-weight: 600;
`;

const StyledUsages = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.spacing(4)};
  ${up('sm')} { grid-template-columns: 1fr 1fr; }
`;

export interface CurrentPlanCardProps {
  subscription: Subscription;
  /** Opens the billing portal (the owner's). */
  onManage: () => void;
  busy: boolean;
}

/** The store's plan: its standing, the next invoice, what it uses of its limits, and the owner's way to billing. */
export function CurrentPlanCard({ subscription, onManage, busy }: CurrentPlanCardProps) {
  const { t } = useTranslation();
  const { date } = useBillingFormats();
  const now = standing(subscription);
  const next = nextInvoice(subscription);
  const controls = billingControls(subscription);
  const headingId = useId();
  return (
    <Card aria-labelledby={headingId} data-testid="current-plan">
      <Stack>
        <h2 id={headingId} style={{ margin: 0 }}>{t('billing.current.heading')}</h2>
        <Row $gap={3}>
          <StyledPlanName data-testid="current-plan-name">{t(`billing.plans.${subscription.plan}`)}</StyledPlanName>
          {/* The free plan's name says it all. */}
          {now.kind === 'free' ? null : <StandingBadge standing={now} />}
        </Row>
        <p style={{ margin: 0 }}>{standingText(t, now, date)}</p>
        {controls.prices ? (
          <Muted data-testid="next-invoice">
            {next === null ? t('billing.current.noInvoice') : t('billing.current.nextInvoice', { date: date(next) })}
          </Muted>
        ) : null}
        <StyledUsages>
          <UsageMeter label={t('billing.usage.employees')} used={subscription.employees} allowed={limitOf(subscription.limits, 'employees')} />
          <UsageMeter label={t('billing.usage.roles')} used={subscription.roles} allowed={limitOf(subscription.limits, 'roles')} />
        </StyledUsages>
        <Muted>{t(subscription.limits.assistant ? 'billing.current.assistant' : 'billing.current.noAssistant')}</Muted>
        {controls.portal ? (
          <Row $justify="flex-end">
            <Button $variant="secondary" onClick={onManage} disabled={busy} data-testid="manage-billing">
              {t('billing.current.manage')}
            </Button>
          </Row>
        ) : null}
      </Stack>
    </Card>
  );
}

/** The sentence that says how a plan stands, with the date it turns on. */
function standingText(t: TFunction, now: PlanStanding, date: (at: number) => string): string {
  switch (now.kind) {
    case 'trial':
      return now.ends === null ? t('billing.current.trialOpen') : t('billing.current.trial', { date: date(now.ends) });
    case 'active':
      return now.renews === null ? t('billing.current.activeOpen') : t('billing.current.active', { date: date(now.renews) });
    case 'cancelling':
      return now.ends === null ? t('billing.current.cancellingOpen') : t('billing.current.cancelling', { date: date(now.ends) });
    default:
      return t(`billing.current.${now.kind}`);
  }
}
