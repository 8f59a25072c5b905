import { describe, expect, it } from 'vitest';
import { catalogue } from '@/test/fixtures';
import type { Product } from '../types/billing';
import { discounted, formatCents, planPrice } from './prices';

const product = (id: string): Product => catalogue().products.find((p) => p.id === id)!;

describe('plan prices', () => {
  it('shows a monthly price per employee as the catalogue has it', () => {
    expect(planPrice(product('premium'), 'month')).toEqual({ unit: 1111, before: null, monthly: null, saving: null });
  });

  it('shows a yearly price with its month and what the year saves against twelve months', () => {
    // 12 × 11.11 = 133.32 against 79.99: 53.33 saved, 40 %.
    expect(planPrice(product('premium'), 'year')).toEqual({ unit: 7999, before: null, monthly: 667, saving: { amount: 5333, percent: 40 } });
    expect(planPrice(product('starter'), 'year')?.saving).toEqual({ amount: 2005, percent: 40 });
  });

  it('takes the non-profit discount off, keeping the price before it', () => {
    expect(planPrice(product('premium'), 'year', 20)).toMatchObject({ unit: 6399, before: 7999, monthly: 533 });
    expect(planPrice(product('premium'), 'month', 20)).toMatchObject({ unit: 889, before: 1111 });
    expect(discounted(1111, 20)).toBe(889);
  });

  it('has no price for the free plan, nor a saving for a plan sold only by the year', () => {
    expect(planPrice(product('free'), 'month')).toBeNull();
    expect(planPrice(product('free'), 'year')).toBeNull();
    const yearOnly: Product = { ...product('basic'), prices: [{ interval: 'year', unitAmount: 4999 }] };
    expect(planPrice(yearOnly, 'year')).toEqual({ unit: 4999, before: null, monthly: 417, saving: null });
    expect(planPrice(yearOnly, 'month')).toBeNull();
  });

  it('writes cents in the catalogue’s currency, upper-cased for Intl, in the reader’s digits', () => {
    expect(formatCents(7999, 'usd', 'en')).toBe('$79.99');
    expect(formatCents(7999, 'eur', 'de')).toBe('79,99\u00a0€');
    expect(formatCents(7999, 'usd', 'fa')).toMatch(/۷۹٫۹۹/);
  });
});
