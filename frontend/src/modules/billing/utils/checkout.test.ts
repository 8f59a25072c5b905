import { describe, expect, it } from 'vitest';
import { subscription } from '@/test/fixtures';
import { checkoutConfirmed, checkoutReturn, forgetCheckout, pendingCheckout, rememberCheckout } from './checkout';

describe('a checkout’s return', () => {
  it('is confirmed once the store is on the plan and interval it was for', () => {
    const pending = { storeId: 's', plan: 'premium' as const, interval: 'year' as const };
    expect(checkoutConfirmed(subscription({ plan: 'starter', status: 'active', interval: 'year' }), pending)).toBe(false);
    expect(checkoutConfirmed(subscription({ plan: 'premium', status: 'active', interval: 'month' }), pending)).toBe(false);
    expect(checkoutConfirmed(subscription({ plan: 'premium', status: 'trialing', interval: 'year' }), pending)).toBe(true);
  });

  it('without a checkout started in this tab, is confirmed by a paid plan in force', () => {
    expect(checkoutConfirmed(subscription(), null)).toBe(false);
    expect(checkoutConfirmed(subscription({ plan: 'basic', status: 'incomplete' }), null)).toBe(false);
    expect(checkoutConfirmed(subscription({ plan: 'basic', status: 'active' }), null)).toBe(true);
  });

  it('is kept for its store in this tab until forgotten', () => {
    rememberCheckout({ storeId: 's1', plan: 'basic', interval: 'month' });
    expect(pendingCheckout('s1')).toEqual({ storeId: 's1', plan: 'basic', interval: 'month' });
    expect(pendingCheckout('s2')).toBeNull();
    forgetCheckout();
    expect(pendingCheckout('s1')).toBeNull();
  });

  it('reads the return from the address', () => {
    expect(checkoutReturn('success')).toBe('success');
    expect(checkoutReturn('cancelled')).toBe('cancelled');
    expect(checkoutReturn('other')).toBeNull();
    expect(checkoutReturn(null)).toBeNull();
  });
});
