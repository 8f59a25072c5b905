import type { BillingInterval, CountedLimit, PlanId, PlanLimits, Subscription } from '../types/billing';

/** The plans, cheapest first: a plan lifts every limit of the ones before it. */
export const PLAN_ORDER: readonly PlanId[] = ['free', 'starter', 'basic', 'premium'];

const rank = (plan: PlanId) => PLAN_ORDER.indexOf(plan);

/** What a plan allows of `what`: a count, or `null` for unlimited. */
export function limitOf(limits: PlanLimits, what: CountedLimit): number | null {
  return limits[what] ?? null;
}

/** The interval a subscription is charged by, as the screen offers it (`null` without one). */
export function intervalOf(subscription: Subscription): BillingInterval | null {
  return subscription.interval === 'month' || subscription.interval === 'year' ? subscription.interval : null;
}

/** What a plan's card offers the owner: a move up, a move down, or the same plan by the other interval. */
export type PlanAction = 'upgrade' | 'downgrade' | 'switch';

/** A plan's card: whether it is the store's plan, and the action it offers (none to managers). */
export interface PlanCardState {
  current: boolean;
  action: PlanAction | null;
}

/** The card of `plan` for the viewer of `subscription`, with prices shown by `interval`. */
export function planCard(plan: PlanId, subscription: Subscription, interval: BillingInterval): PlanCardState {
  const current = plan === subscription.plan;
  if (!billingControls(subscription).buttons) return { current, action: null };
  if (current) {
    const charged = intervalOf(subscription);
    const other = plan !== 'free' && charged !== null && charged !== interval;
    return { current, action: other ? 'switch' : null };
  }
  return { current, action: rank(plan) > rank(subscription.plan) ? 'upgrade' : 'downgrade' };
}

/** What the plan screen shows its viewer besides the plan: prices, buttons, the billing portal, invoices. */
export interface BillingControls {
  /** The plans' prices (none where nothing is sold). */
  prices: boolean;
  /** Upgrade, downgrade and the non-profit choice: the owner's alone. */
  buttons: boolean;
  /** "Manage billing": the owner's, once the store has a customer at the provider. */
  portal: boolean;
  /** The invoices: the owner's. */
  invoices: boolean;
}

/** Only the owner manages payments; nothing is sold while billing is off. */
export function billingControls(subscription: Subscription): BillingControls {
  const owner = subscription.billing && subscription.canManage;
  return { prices: subscription.billing, buttons: owner, portal: owner && subscription.status !== 'none', invoices: owner };
}

/** Where a store's subscription stands, as its plan card says it. */
export type PlanStanding =
  | { kind: 'free' }
  | { kind: 'trial'; ends: number | null }
  | { kind: 'active'; renews: number | null }
  | { kind: 'pastDue' }
  | { kind: 'cancelling'; ends: number | null }
  | { kind: 'incomplete' }
  | { kind: 'paused' };

/**
 * The standing of a store's plan, from the provider's status of its subscription (`none`,
 * `trialing`, `active`, `past_due`, `unpaid`, `paused`, `incomplete`, `incomplete_expired`,
 * `canceled`). A status the screen does not know reads as waiting for a payment.
 */
export function standing(subscription: Subscription): PlanStanding {
  const { status } = subscription;
  if (subscription.plan === 'free' || status === 'none' || status === 'canceled') return { kind: 'free' };
  const periodEnd = subscription.currentPeriodEnd ?? null;
  if (subscription.cancelAtPeriodEnd) return { kind: 'cancelling', ends: periodEnd };
  switch (status) {
    case 'trialing':
      return { kind: 'trial', ends: subscription.trialEnd ?? null };
    case 'active':
      return { kind: 'active', renews: periodEnd };
    case 'past_due':
    case 'unpaid':
      return { kind: 'pastDue' };
    case 'paused':
      return { kind: 'paused' };
    default:
      return { kind: 'incomplete' };
  }
}

/** When the next invoice comes: the trial's end, or the end of the period paid for; `null` when none will. */
export function nextInvoice(subscription: Subscription): number | null {
  const now = standing(subscription);
  switch (now.kind) {
    case 'trial':
      return subscription.trialEnd ?? subscription.currentPeriodEnd ?? null;
    case 'active':
    case 'pastDue':
      return subscription.currentPeriodEnd ?? null;
    default:
      return null;
  }
}

/** A limit the store has used up: its plan and what the plan allows. */
export interface ReachedLimit {
  what: CountedLimit;
  plan: PlanId;
  allowed: number;
}

/**
 * Whether adding one more of `what` is past the store's plan, and if so which limit; `null`
 * while there is room (always without billing, which limits nothing).
 */
export function reachedLimit(subscription: Subscription | null, what: CountedLimit): ReachedLimit | null {
  if (!subscription?.billing) return null;
  const allowed = limitOf(subscription.limits, what);
  if (allowed === null || subscription[what] < allowed) return null;
  return { what, plan: subscription.plan, allowed };
}
