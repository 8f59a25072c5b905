import type { components } from '@/modules/api/schema';

type Schemas = components['schemas'];

// The billing calls' data, named from the generated schema: `getProducts`,
// `getCurrentSubscription`, `getInvoices`, `createPayment` and `openBillingPortal`. Amounts
// are integer cents of a lower-case ISO currency (`usd`); instants are epoch milliseconds.

/** A plan, cheapest first. */
export type PlanId = Schemas['Plan'];
/** The plans a checkout sells (the free plan is the absence of one). */
export type PaidPlanId = Exclude<PlanId, 'free'>;
/** How often a subscription is charged. */
export type BillingInterval = Schemas['Interval'];
/** What a plan allows; a missing or `null` count is unlimited. */
export type PlanLimits = Schemas['Limits'];
/** One plan as sold; the free plan has no price. */
export type Product = Schemas['Product'];
/** `getProducts`: every plan, the terms that apply to all of them, and whether this server sells them. */
export type Catalogue = Schemas['Products'];
/** `getCurrentSubscription`: the store's plan as its owner and managers see it, and whether the caller is the owner. */
export type Subscription = Schemas['Subscription'];
/** One invoice of the store's. */
export type Invoice = Schemas['InvoiceView'];
/** `getInvoices`: newest first. */
export type InvoiceList = Schemas['Invoices'];
/** Where the browser goes to pay (`createPayment`). */
export type CheckoutSession = Schemas['Checkout'];

/** What a plan counts against its limit. */
export type CountedLimit = 'employees' | 'roles';
