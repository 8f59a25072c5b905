import { useEffect, useState } from 'react';
import type { CallInput } from '@/modules/api/types';
import { useApi } from '@/modules/auth/hooks/useApi';
import { useReportedCall } from '@/modules/snackbar/hooks/useReportedCall';
import { useCurrentStore } from '@/modules/stores/hooks/useCurrentStore';
import type { BillingInterval, PaidPlanId } from '../types/billing';
import { rememberCheckout } from '../utils/checkout';
import { sendBrowserTo } from '../utils/redirect';

/**
 * The owner's payment calls: a checkout for a plan (`createPayment`) and the billing portal
 * (`openBillingPortal`), each sending the browser to the page the server answers. A refusal
 * shows in a snackbar. `busy` holds from the call until the browser has left.
 */
export function useBillingActions() {
  const api = useApi();
  const { run } = useReportedCall();
  const { storeId } = useCurrentStore();
  const [busy, setBusy] = useState(false);

  // Back from the provider's page through the browser's history, the page may be the one
  // that left (kept whole): it can act again.
  useEffect(() => {
    const handleShow = (e: PageTransitionEvent) => e.persisted && setBusy(false);
    window.addEventListener('pageshow', handleShow);
    return () => window.removeEventListener('pageshow', handleShow);
  }, []);

  const leave = async (open: () => Promise<{ url: string }>, before?: () => void) => {
    setBusy(true);
    const opened = await run(open, { key: 'billing' });
    if (!opened) {
      setBusy(false);
      return;
    }
    before?.();
    sendBrowserTo(opened.data.url);
  };

  const checkout = (plan: PaidPlanId, interval: BillingInterval, nonProfit: boolean) => {
    if (!storeId) return Promise.resolve();
    return leave(
      () => api.call('createPayment', { storeId, productId: plan, interval, nonProfit }),
      () => rememberCheckout({ storeId, plan, interval }),
    );
  };

  // The document describes `openBillingPortal`'s own fields as an object without properties,
  // which the generated type reads as "no fields at all" beside the store's: the store is its only field.
  const portal = () => leave(() => api.call('openBillingPortal', { storeId } as CallInput<'openBillingPortal'>));

  return { checkout, portal, busy };
}
