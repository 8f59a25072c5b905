/**
 * The billing calls' data, as the server's billing contract describes it: `getProducts`,
 * `getCurrentSubscription`, `getInvoices`, `createPayment` and `openBillingPortal`. Amounts
 * are integer cents of a lower-case ISO currency (`usd`); instants are epoch milliseconds.
 */

/** A plan, cheapest first. */
export type PlanId = 'free' | 'starter' | 'basic' | 'premium';
/** The plans a checkout sells (the free plan is the absence of one). */
export type PaidPlanId = Exclude<PlanId, 'free'>;
/** How often a subscription is charged. */
export type BillingInterval = 'month' | 'year';

/** What a plan allows; `null` is unlimited. */
export interface PlanLimits {
  employees: number | null;
  roles: number | null;
  assistant: boolean;
}

/** A plan's price for one employee for one interval, in cents. */
export interface PlanPrice {
  interval: BillingInterval;
  unitAmount: number;
}

/** One plan as sold; the free plan has no price. */
export interface Product {
  id: PlanId;
  limits: PlanLimits;
  prices: PlanPrice[];
}

/** `getProducts`: every plan, with the terms that apply to all of them. */
export interface Catalogue {
  /** Whether this server sells plans; when not, every store is unlimited. */
  billing: boolean;
  currency: string;
  trialDays: number;
  nonProfitDiscountPercent: number;
  yearlySavingPercent: number;
  products: Product[];
}

/** The payment provider's status of a store's subscription, or `none`. */
export type SubscriptionStatus =
  | 'none'
  | 'trialing'
  | 'active'
  | 'past_due'
  | 'canceled'
  | 'incomplete'
  | 'incomplete_expired'
  | 'unpaid'
  | 'paused';

/** `getCurrentSubscription`: the store's plan as its owner and managers see it. */
export interface Subscription {
  billing: boolean;
  plan: PlanId;
  status: SubscriptionStatus;
  interval: BillingInterval | null;
  quantity: number | null;
  trialEnd: number | null;
  /** When the period paid for ends: the next invoice. */
  currentPeriodEnd: number | null;
  cancelAtPeriodEnd: boolean;
  limits: PlanLimits;
  /** Seats used: records neither deactivated nor terminated, invited ones and the owner's included. */
  employees: number;
  roles: number;
  trialAvailable: boolean;
  /** Whether the caller is the owner, who alone manages payments. */
  canManage: boolean;
}

/** Where an invoice stands. */
export type InvoiceStatus = 'draft' | 'open' | 'paid' | 'uncollectible' | 'void';

/** One invoice of the store's. */
export interface Invoice {
  id: string;
  number: string | null;
  status: InvoiceStatus;
  total: number;
  currency: string;
  created: number;
  periodStart: number | null;
  periodEnd: number | null;
  hostedInvoiceUrl: string | null;
  invoicePdf: string | null;
}

/** `getInvoices`: newest first. */
export interface InvoiceList {
  invoices: Invoice[];
}

/** What a plan counts against its limit. */
export type CountedLimit = 'employees' | 'roles';
