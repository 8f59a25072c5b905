import { CHANGE_TYPES } from '@/modules/realtime/events';
import { useLiveResource, type LiveResource } from '@/modules/realtime/hooks/useLiveResource';
import { useCurrentStore } from '@/modules/stores/hooks/useCurrentStore';
import type { Subscription } from '../types/billing';

/**
 * What moves a store's plan view: the plan itself (a payment's webhook), and the employees and
 * roles it counts against the plan's limits.
 */
const PLAN_CHANGES = [CHANGE_TYPES.storePlan, 'employee.', 'role.'];

/** The current store's plan, its limits and what it uses of them, kept live (owner and managers). */
export function useSubscription(): LiveResource<Subscription> {
  const { storeId } = useCurrentStore();
  return useLiveResource<Subscription>(storeId ? `/stores/${storeId}/subscription` : null, PLAN_CHANGES);
}
