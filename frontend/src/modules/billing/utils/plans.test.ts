import { describe, expect, it } from 'vitest';
import { subscription } from '@/test/fixtures';
import { billingControls, nextInvoice, planCard, reachedLimit, standing } from './plans';

const DAY = 86_400_000;

describe('which controls the plan screen shows', () => {
  it('gives the owner buttons, the portal once a customer exists, and the invoices', () => {
    expect(billingControls(subscription({ canManage: true, status: 'none' }))).toEqual({ prices: true, buttons: true, portal: false, invoices: true });
    expect(billingControls(subscription({ canManage: true, plan: 'premium', status: 'active' }))).toEqual({ prices: true, buttons: true, portal: true, invoices: true });
  });

  it('shows managers the prices only: only the owner manages payments', () => {
    expect(billingControls(subscription({ canManage: false, plan: 'premium', status: 'active' }))).toEqual({ prices: true, buttons: false, portal: false, invoices: false });
  });

  it('shows nothing to buy while billing is off, to anyone', () => {
    expect(billingControls(subscription({ billing: false, canManage: true }))).toEqual({ prices: false, buttons: false, portal: false, invoices: false });
  });
});

describe('a plan card', () => {
  const basicMonthly = subscription({ plan: 'basic', status: 'active', interval: 'month' });

  it('offers the owner plans above as upgrades and below as downgrades', () => {
    expect(planCard('premium', basicMonthly, 'month')).toEqual({ current: false, action: 'upgrade' });
    expect(planCard('starter', basicMonthly, 'month')).toEqual({ current: false, action: 'downgrade' });
    expect(planCard('free', basicMonthly, 'month')).toEqual({ current: false, action: 'downgrade' });
    expect(planCard('starter', subscription(), 'year')).toEqual({ current: false, action: 'upgrade' });
  });

  it('marks the current plan, which offers the other interval only', () => {
    expect(planCard('basic', basicMonthly, 'month')).toEqual({ current: true, action: null });
    expect(planCard('basic', basicMonthly, 'year')).toEqual({ current: true, action: 'switch' });
    expect(planCard('free', subscription(), 'year')).toEqual({ current: true, action: null });
  });

  it('offers a manager nothing, and nothing while billing is off', () => {
    const manager = { ...basicMonthly, canManage: false };
    expect(planCard('premium', manager, 'month')).toEqual({ current: false, action: null });
    expect(planCard('basic', manager, 'year')).toEqual({ current: true, action: null });
    expect(planCard('premium', subscription({ billing: false }), 'month')).toEqual({ current: false, action: null });
  });
});

describe("a plan's standing", () => {
  const at = Date.UTC(2026, 11, 1);

  it('reads the trial, the active period, a payment past due and a cancellation at the period’s end', () => {
    expect(standing(subscription({ plan: 'premium', status: 'trialing', trialEnd: at, currentPeriodEnd: at }))).toEqual({ kind: 'trial', ends: at });
    expect(standing(subscription({ plan: 'premium', status: 'active', currentPeriodEnd: at }))).toEqual({ kind: 'active', renews: at });
    expect(standing(subscription({ plan: 'premium', status: 'past_due' }))).toEqual({ kind: 'pastDue' });
    expect(standing(subscription({ plan: 'premium', status: 'unpaid' }))).toEqual({ kind: 'pastDue' });
    expect(standing(subscription({ plan: 'premium', status: 'active', cancelAtPeriodEnd: true, currentPeriodEnd: at }))).toEqual({ kind: 'cancelling', ends: at });
    expect(standing(subscription({ plan: 'starter', status: 'incomplete' }))).toEqual({ kind: 'incomplete' });
    expect(standing(subscription({ plan: 'starter', status: 'paused' }))).toEqual({ kind: 'paused' });
    // A status the screen does not know waits for a payment, as an incomplete one does.
    expect(standing(subscription({ plan: 'starter', status: 'some_new_status' }))).toEqual({ kind: 'incomplete' });
  });

  it('is free without a subscription in force', () => {
    expect(standing(subscription())).toEqual({ kind: 'free' });
    expect(standing(subscription({ status: 'canceled' }))).toEqual({ kind: 'free' });
  });

  it('names the next invoice: the trial’s end, the period’s end, none when cancelling or free', () => {
    expect(nextInvoice(subscription({ plan: 'premium', status: 'trialing', trialEnd: at, currentPeriodEnd: at + DAY }))).toBe(at);
    expect(nextInvoice(subscription({ plan: 'premium', status: 'active', currentPeriodEnd: at }))).toBe(at);
    expect(nextInvoice(subscription({ plan: 'premium', status: 'active', currentPeriodEnd: at, cancelAtPeriodEnd: true }))).toBeNull();
    expect(nextInvoice(subscription())).toBeNull();
  });
});

describe('a limit used up', () => {
  it('is reached when one more would pass the plan', () => {
    expect(reachedLimit(subscription({ employees: 4 }), 'employees')).toBeNull();
    expect(reachedLimit(subscription({ employees: 5 }), 'employees')).toEqual({ what: 'employees', plan: 'free', allowed: 5 });
    expect(reachedLimit(subscription({ employees: 7 }), 'employees')).toEqual({ what: 'employees', plan: 'free', allowed: 5 });
    expect(reachedLimit(subscription({ roles: 3 }), 'roles')).toEqual({ what: 'roles', plan: 'free', allowed: 3 });
  });

  it('is never reached on an unlimited plan, without billing, or before the plan is known', () => {
    expect(reachedLimit(subscription({ plan: 'premium', limits: { employees: null, roles: null, assistant: true }, employees: 400 }), 'employees')).toBeNull();
    expect(reachedLimit(subscription({ billing: false, employees: 9 }), 'employees')).toBeNull();
    expect(reachedLimit(null, 'roles')).toBeNull();
  });
});
