import type { BillingInterval, PaidPlanId, Subscription } from '../types/billing';

/**
 * The plan a checkout was started for, kept in this tab while the browser is at the payment
 * provider: back on the plan screen, the checkout is confirmed once the store is on it.
 */
export interface PendingCheckout {
  storeId: string;
  plan: PaidPlanId;
  interval: BillingInterval;
}

const KEY = 'billing-checkout';

export function rememberCheckout(checkout: PendingCheckout): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(checkout));
  } catch {
    // No storage: a return is confirmed by any paid plan in force instead.
  }
}

/** The checkout this tab started for `storeId`, if any. */
export function pendingCheckout(storeId: string): PendingCheckout | null {
  try {
    const kept = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as PendingCheckout | null;
    return kept?.storeId === storeId ? kept : null;
  } catch {
    return null;
  }
}

export function forgetCheckout(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing was kept.
  }
}

/**
 * Whether the store's plan shows a checkout went through: it is on the plan (and interval)
 * the checkout was for, or, when this tab did not start it, on a paid plan in force.
 */
export function checkoutConfirmed(subscription: Subscription, pending: PendingCheckout | null): boolean {
  if (pending) return subscription.plan === pending.plan && subscription.interval === pending.interval;
  return subscription.plan !== 'free' && (subscription.status === 'trialing' || subscription.status === 'active');
}

/** How a checkout came back to the plan screen (`?checkout=`). */
export type CheckoutReturn = 'success' | 'cancelled';

export function checkoutReturn(param: string | null): CheckoutReturn | null {
  return param === 'success' || param === 'cancelled' ? param : null;
}
