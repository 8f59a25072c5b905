import { CHANGE_TYPES } from '@/modules/realtime/events';
import { useLiveResource, type LiveResource } from '@/modules/realtime/hooks/useLiveResource';
import { useCurrentStore } from '@/modules/stores/hooks/useCurrentStore';
import type { InvoiceList } from '../types/billing';

const INVOICE_CHANGES = [CHANGE_TYPES.storePlan];

/** The store's invoices, newest first, for the owner (`enabled`); read again when the plan changes. */
export function useInvoices(enabled: boolean): LiveResource<InvoiceList> {
  const { storeId } = useCurrentStore();
  return useLiveResource<InvoiceList>(enabled && storeId ? `/stores/${storeId}/invoices` : null, INVOICE_CHANGES);
}
