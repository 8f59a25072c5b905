import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '@/i18n';
import type { StoreDetail } from '@/modules/api/types';
import { tokenState } from '@/modules/auth/states/tokenState';
import { currentStoreIdState } from '@/modules/stores/states/currentStoreIdState';
import { storeDetailState } from '@/modules/stores/states/storeDetailState';
import { catalogue, employee, invoice, subscription } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import type { Catalogue, Invoice, Subscription } from '../types/billing';
import { pendingCheckout, rememberCheckout } from '../utils/checkout';
import { sendBrowserTo } from '../utils/redirect';
import { CONFIRM_POLL_MS, CONFIRM_WAIT_MS } from '../hooks/useCheckoutReturn';
import { BusinessPlanScreen } from './BusinessPlanScreen';

vi.mock('../utils/redirect', () => ({ sendBrowserTo: vi.fn() }));

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The server as the screen reads it: what each read answers, and every request made. */
function serve({ plan, products = catalogue(), invoices = [] }: { plan: () => Subscription; products?: Catalogue; invoices?: Invoice[] }) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = String(input);
    if (url === '/api/v1/products') return json({ data: products });
    if (url === '/api/v1/stores/s1/subscription') return json({ data: plan() });
    if (url === '/api/v1/stores/s1/invoices') return json({ data: { invoices } });
    if (url === '/api/v1/createPayment') return json({ data: { id: 'cs_1', url: 'https://pay.example.com/cs_1' } });
    if (url === '/api/v1/openBillingPortal') return json({ data: { url: 'https://pay.example.com/portal' } });
    return json({ code: 'not_found', message: 'Not found.' }, 404);
  });
}

const requested = (fetch: ReturnType<typeof serve>) => fetch.mock.calls.map(([url]) => String(url));

function renderScreen({ owner = true, route = '/business-plan' }: { owner?: boolean; route?: string } = {}) {
  const detail = {
    store: { id: 's1', timezoneReference: 'Europe/Berlin' } as StoreDetail['store'],
    roles: [],
    employee: employee({ id: 'me' }),
    permissions: owner ? ['owner'] : ['employee'],
    isOwner: owner,
    isManager: true,
    version: 1,
  } satisfies StoreDetail;
  return renderWithProviders(<BusinessPlanScreen />, {
    route,
    initializeState: (state) => {
      state.set(tokenState, 'tok');
      state.set(currentStoreIdState, 's1');
      state.set(storeDetailState, detail);
    },
  });
}

const card = (plan: string) => screen.getByTestId(`plan-${plan}`);

/** Lets `ms` pass on the fake clock, drawing what each moment's timers and answers change. */
async function elapse(ms: number) {
  for (let left = ms; left > 0; left -= 250) await act(() => vi.advanceTimersByTimeAsync(Math.min(250, left)));
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
  sessionStorage.clear();
});

describe('the plan screen', () => {
  it('shows the owner the plan, what it uses, the plans with their prices and actions, and the invoices', async () => {
    const fetch = serve({ plan: () => subscription({ employees: 5, roles: 1 }), invoices: [invoice({ id: 'in_a', number: 'CLK-0007', total: 7999, hostedInvoiceUrl: 'https://pay.example.com/i/a', invoicePdf: 'https://pay.example.com/i/a.pdf' })] });
    renderScreen();

    expect((await screen.findByTestId('current-plan-name')).textContent).toBe('Free');
    const [seats, roles] = screen.getAllByRole('meter');
    expect(seats?.getAttribute('aria-valuetext')).toBe('5 of 5');
    expect(roles?.getAttribute('aria-valuetext')).toBe('1 of 3');
    expect(screen.getByText('Limit reached.')).toBeTruthy();
    expect(screen.getByTestId('trial-offer').textContent).toBe('Try a paid plan free for 60 days: no card needed.');

    // Yearly by default: the year's price, its month and what it saves.
    expect(within(card('premium')).getByText('$79.99')).toBeTruthy();
    expect(within(card('premium')).getByText('That is $6.67 a month')).toBeTruthy();
    expect(within(card('premium')).getByText('Saves $53.33 per employee a year')).toBeTruthy();
    expect(within(card('premium')).getByText('For your 5 employees: $399.95 a year')).toBeTruthy();
    expect(within(card('premium')).getByText('Voice assistant')).toBeTruthy();
    expect(within(card('free')).getByText('Up to 5 employees')).toBeTruthy();
    expect(within(card('free')).getByText('Current plan')).toBeTruthy();
    expect(within(card('free')).queryByRole('button')).toBeNull();
    for (const plan of ['starter', 'basic', 'premium']) {
      expect(within(card(plan)).getByRole('button').textContent).toBe('Start free trial');
    }

    const table = await screen.findByRole('table');
    expect(within(table).getByText('CLK-0007')).toBeTruthy();
    expect(within(table).getByText('Paid')).toBeTruthy();
    expect(within(table).getByText('$79.99')).toBeTruthy();
    expect(within(table).getByRole('link', { name: 'View invoice CLK-0007' }).getAttribute('href')).toBe('https://pay.example.com/i/a');
    expect(within(table).getByRole('link', { name: 'Download invoice CLK-0007 as PDF' }).getAttribute('href')).toBe('https://pay.example.com/i/a.pdf');
    expect(requested(fetch)).toContain('/api/v1/stores/s1/invoices');
  });

  it('switches to monthly prices and takes the non-profit discount off', async () => {
    serve({ plan: () => subscription() });
    renderScreen();
    await screen.findByTestId('plan-premium');

    await userEvent.click(screen.getByRole('radio', { name: 'Monthly' }));
    expect(within(card('premium')).getByText('$11.11')).toBeTruthy();
    expect(within(card('premium')).getByText('per employee a month')).toBeTruthy();
    expect(within(card('premium')).queryByText(/^Saves/)).toBeNull();

    await userEvent.click(screen.getByLabelText('We are a non-profit (20% off)'));
    expect(within(card('premium')).getByText('$8.89')).toBeTruthy();
    expect(within(card('premium')).getByText('Regular price $11.11')).toBeTruthy();
  });

  it('sends the owner to the checkout the server opens, remembering the plan chosen', async () => {
    const fetch = serve({ plan: () => subscription({ plan: 'starter', status: 'active', interval: 'year', trialAvailable: false, currentPeriodEnd: Date.UTC(2027, 0, 15) }) });
    renderScreen();
    expect(within(await screen.findByTestId('plan-premium')).getByRole('button').textContent).toBe('Upgrade');
    expect(within(card('free')).getByRole('button').textContent).toBe('Downgrade');
    expect(screen.getByTestId('next-invoice').textContent).toBe('Next invoice: Jan 15, 2027');

    await userEvent.click(screen.getByLabelText('We are a non-profit (20% off)'));
    await userEvent.click(within(card('premium')).getByRole('button', { name: 'Upgrade' }));

    const [, init] = fetch.mock.calls.find(([url]) => url === '/api/v1/createPayment')!;
    expect(JSON.parse(String(init?.body))).toEqual({ storeId: 's1', productId: 'premium', interval: 'year', nonProfit: true });
    expect(sendBrowserTo).toHaveBeenCalledWith('https://pay.example.com/cs_1');
    expect(pendingCheckout('s1')).toEqual({ storeId: 's1', plan: 'premium', interval: 'year' });
  });

  it('opens the billing portal from Manage billing and from the free plan’s downgrade', async () => {
    serve({ plan: () => subscription({ plan: 'basic', status: 'active', interval: 'month' }) });
    const first = renderScreen();
    await userEvent.click(await screen.findByRole('button', { name: 'Manage billing' }));
    expect(sendBrowserTo).toHaveBeenCalledWith('https://pay.example.com/portal');
    // The browser is leaving: nothing more is sent meanwhile.
    expect((screen.getByRole('button', { name: 'Manage billing' }) as HTMLButtonElement).disabled).toBe(true);
    first.unmount();

    vi.mocked(sendBrowserTo).mockClear();
    renderScreen();
    await userEvent.click(within(await screen.findByTestId('plan-free')).getByRole('button', { name: 'Downgrade' }));
    expect(sendBrowserTo).toHaveBeenCalledWith('https://pay.example.com/portal');
  });

  it('offers the store’s own plan by the other interval as a switch', async () => {
    serve({ plan: () => subscription({ plan: 'basic', status: 'active', interval: 'month' }) });
    renderScreen();
    expect(within(await screen.findByTestId('plan-basic')).queryByRole('button')).toBeNull();
    await userEvent.click(screen.getByRole('radio', { name: /Yearly/ }));
    expect(within(card('basic')).getByRole('button').textContent).toBe('Switch to yearly');
  });

  it('shows a manager the plan and prices but no buttons and no invoices', async () => {
    const fetch = serve({ plan: () => subscription({ canManage: false, plan: 'basic', status: 'active', interval: 'year' }) });
    renderScreen({ owner: false });
    expect((await screen.findByTestId('current-plan-name')).textContent).toBe('Basic');
    expect(within(card('premium')).getByText('$79.99')).toBeTruthy();
    expect(screen.queryAllByRole('button')).toEqual([]);
    expect(screen.queryByTestId('non-profit')).toBeNull();
    expect(screen.queryByTestId('invoices')).toBeNull();
    expect(screen.getByTestId('owner-only').textContent).toBe("Only the store's owner can change the plan.");
    expect(requested(fetch)).not.toContain('/api/v1/stores/s1/invoices');
  });

  it('says every store is unlimited when the server sells no plans, with no prices or buttons', async () => {
    serve({ plan: () => subscription({ billing: false, limits: { employees: null, roles: null, assistant: true } }), products: catalogue({ billing: false }) });
    renderScreen();
    expect((await screen.findByTestId('billing-off')).textContent).toBe('Plans are not sold on this server: every store on it is unlimited, with every feature.');
    expect(screen.queryByText(/\$/)).toBeNull();
    expect(screen.queryAllByRole('button')).toEqual([]);
    expect(screen.queryByTestId('invoices')).toBeNull();
  });

  it('speaks Persian, with Persian digits in prices and counts', async () => {
    await i18n.changeLanguage('fa');
    serve({ plan: () => subscription({ employees: 5 }) });
    renderScreen();
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('طرح و صورت‌حساب');
    expect((await screen.findAllByRole('meter'))[0]?.getAttribute('aria-valuetext')).toBe('۵ از ۵');
    expect(within(card('premium')).getByText(/۷۹٫۹۹/)).toBeTruthy();
  });
});

describe('coming back from checkout', () => {
  it('waits for the plan the checkout was for, reading it again every few seconds, then names it', async () => {
    vi.useFakeTimers();
    rememberCheckout({ storeId: 's1', plan: 'premium', interval: 'year' });
    let current = subscription();
    const fetch = serve({ plan: () => current });
    renderScreen({ route: '/business-plan?checkout=success' });
    await elapse(1);
    expect(screen.getByTestId('checkout-notice').textContent).toBe('Confirming your payment…');

    const reads = () => requested(fetch).filter((u) => u.endsWith('/subscription')).length;
    const before = reads();
    await elapse(CONFIRM_POLL_MS * 2 + 500);
    expect(reads()).toBe(before + 2);
    expect(screen.getByTestId('checkout-notice').getAttribute('data-state')).toBe('confirming');

    current = subscription({ plan: 'premium', status: 'trialing', interval: 'year', trialEnd: Date.UTC(2027, 0, 28), limits: { employees: null, roles: null, assistant: true } });
    await elapse(CONFIRM_POLL_MS + 500);
    expect(screen.getByTestId('checkout-notice').textContent).toMatch(/^Payment confirmed: the store is on the \u2068?Premium\u2069? plan\./);
    expect(screen.getByTestId('current-plan-name').textContent).toBe('Premium');
    expect(pendingCheckout('s1')).toBeNull();

    // Confirmed: no more reads.
    const settled = reads();
    await elapse(CONFIRM_POLL_MS * 3);
    expect(reads()).toBe(settled);
  });

  it('says the payment is slow to confirm after a minute, and stops asking', async () => {
    vi.useFakeTimers();
    rememberCheckout({ storeId: 's1', plan: 'basic', interval: 'month' });
    const fetch = serve({ plan: () => subscription() });
    renderScreen({ route: '/business-plan?checkout=success' });
    await elapse(CONFIRM_WAIT_MS + 100);
    expect(screen.getByTestId('checkout-notice').getAttribute('data-state')).toBe('slow');
    await elapse(500);
    const reads = requested(fetch).filter((u) => u.endsWith('/subscription')).length;
    expect(reads).toBeGreaterThanOrEqual(CONFIRM_WAIT_MS / CONFIRM_POLL_MS);
    await elapse(CONFIRM_POLL_MS * 3);
    expect(requested(fetch).filter((u) => u.endsWith('/subscription')).length).toBe(reads);
  });

  it('says nothing was charged when the checkout was cancelled', async () => {
    rememberCheckout({ storeId: 's1', plan: 'basic', interval: 'month' });
    serve({ plan: () => subscription() });
    renderScreen({ route: '/business-plan?checkout=cancelled' });
    expect((await screen.findByTestId('checkout-notice')).textContent).toContain('Checkout cancelled: nothing was charged.');
    expect(pendingCheckout('s1')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByTestId('checkout-notice')).toBeNull();
  });
});
