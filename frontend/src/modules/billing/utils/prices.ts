import { formatMoney } from '@/modules/ui/utils/format';
import type { BillingInterval, Product } from '../types/billing';

/** A plan's price as a card shows it, in cents per employee. */
export interface PlanPriceView {
  /** Per employee per interval, after the discount asked for. */
  unit: number;
  /** The same before the discount, or `null` without one. */
  before: number | null;
  /** A yearly price's share of a month, to compare with the monthly price; `null` for a monthly price. */
  monthly: number | null;
  /** What paying by the year saves against twelve months, per employee, or `null` for a monthly price. */
  saving: { amount: number; percent: number } | null;
}

/** `cents` less `percent` percent, to the cent. */
export function discounted(cents: number, percent: number): number {
  return Math.round((cents * (100 - percent)) / 100);
}

/**
 * A plan's price for `interval` with `discountPercent` off (a non-profit's), or `null` for a
 * plan not sold by that interval (the free plan). The yearly saving is the plan's own (twelve
 * of its months against its year), so a catalogue's figures never disagree with what is shown.
 */
export function planPrice(product: Product, interval: BillingInterval, discountPercent = 0): PlanPriceView | null {
  const price = product.prices.find((p) => p.interval === interval);
  if (!price) return null;
  const unit = discountPercent > 0 ? discounted(price.unitAmount, discountPercent) : price.unitAmount;
  const before = discountPercent > 0 ? price.unitAmount : null;
  if (interval === 'month') return { unit, before, monthly: null, saving: null };
  const month = product.prices.find((p) => p.interval === 'month');
  const twelve = month ? month.unitAmount * 12 : null;
  const saving =
    twelve !== null && twelve > price.unitAmount
      ? { amount: discountPercent > 0 ? discounted(twelve, discountPercent) - unit : twelve - price.unitAmount, percent: Math.round((100 * (twelve - price.unitAmount)) / twelve) }
      : null;
  return { unit, before, monthly: Math.round(unit / 12), saving };
}

/** An amount of cents in a catalogue's currency (lower case, as the server writes it), through `Intl`. */
export function formatCents(cents: number, currency: string, locale: string | undefined): string {
  return formatMoney(cents / 100, currency.toUpperCase(), locale);
}
