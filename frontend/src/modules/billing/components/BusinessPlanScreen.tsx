import { useTranslation } from 'react-i18next';
import { errorText } from '@/modules/api/errors';
import { Card, PageHeader, Stack } from '@/modules/ui/components/Layout';
import { Loading } from '@/modules/ui/components/Spinner';
import { useBillingActions } from '../hooks/useBillingActions';
import { useCatalogue } from '../hooks/useCatalogue';
import { useCheckoutReturn } from '../hooks/useCheckoutReturn';
import { useInvoices } from '../hooks/useInvoices';
import { useSubscription } from '../hooks/useSubscription';
import { billingControls } from '../utils/plans';
import { BillingOff } from './BillingOff';
import { CheckoutNotice } from './CheckoutNotice';
import { CurrentPlanCard } from './CurrentPlanCard';
import { InvoicesTable } from './InvoicesTable';
import { PlanPicker } from './PlanPicker';

/**
 * `/business-plan`: the store's plan and what it uses, the plans to move to, and the invoices.
 * Owner and managers see it; only the owner manages payments.
 */
export function BusinessPlanScreen() {
  const { t } = useTranslation();
  const subscription = useSubscription();
  const catalogue = useCatalogue();
  const actions = useBillingActions();
  const checkout = useCheckoutReturn(subscription.data, subscription.reload);
  const controls = subscription.data ? billingControls(subscription.data) : null;
  const invoices = useInvoices(controls?.invoices ?? false);
  const failure = subscription.error ?? catalogue.error;

  return (
    <Stack>
      <PageHeader>
        <h1>{t('billing.title')}</h1>
      </PageHeader>
      {checkout.state ? <CheckoutNotice state={checkout.state} plan={subscription.data?.plan ?? null} onDismiss={checkout.dismiss} /> : null}
      {failure ? (
        <Card role="alert">{errorText(t, failure)}</Card>
      ) : !subscription.data || !catalogue.data ? (
        <Loading label={t('common.loading')} />
      ) : !subscription.data.billing || !catalogue.data.billing ? (
        <BillingOff />
      ) : (
        <>
          <CurrentPlanCard subscription={subscription.data} onManage={actions.portal} busy={actions.busy} />
          <PlanPicker
            catalogue={catalogue.data}
            subscription={subscription.data}
            busy={actions.busy}
            onCheckout={actions.checkout}
            onPortal={actions.portal}
          />
          {controls?.invoices ? <InvoicesTable list={invoices.data} error={invoices.error} /> : null}
        </>
      )}
    </Stack>
  );
}
