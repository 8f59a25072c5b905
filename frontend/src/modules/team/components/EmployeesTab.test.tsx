import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '@/i18n';
import type { Employee, StoreDetail } from '@/modules/api/types';
import { tokenState } from '@/modules/auth/states/tokenState';
import type { Subscription } from '@/modules/billing/types/billing';
import { currentStoreIdState } from '@/modules/stores/states/currentStoreIdState';
import { employeesState } from '@/modules/stores/states/employeesState';
import { storeDetailState } from '@/modules/stores/states/storeDetailState';
import { employee, subscription } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { EmployeesTab } from './EmployeesTab';
import { RolesTab } from './RolesTab';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function renderTab(tab: 'employees' | 'roles', plan: Subscription, { owner = true, team = [] as Employee[] } = {}) {
  const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) =>
    String(input) === '/api/v1/stores/s1/subscription' ? json({ data: plan }) : json({ code: 'not_found', message: 'Not found.' }, 404),
  );
  const detail = {
    store: { id: 's1', timezoneReference: 'UTC' } as StoreDetail['store'],
    roles: [],
    employee: employee({ id: 'me' }),
    permissions: owner ? ['owner'] : ['employee'],
    isOwner: owner,
    isManager: true,
    version: 1,
  } satisfies StoreDetail;
  renderWithProviders(tab === 'employees' ? <EmployeesTab /> : <RolesTab />, {
    route: '/team',
    initializeState: (state) => {
      state.set(tokenState, 'tok');
      state.set(currentStoreIdState, 's1');
      state.set(storeDetailState, detail);
      state.set(employeesState, team);
    },
  });
  return fetch;
}

/** Waits until the plan has been read and its answer drawn. */
async function planRead(fetch: ReturnType<typeof renderTab>) {
  await vi.waitFor(() => expect(fetch.mock.calls.map(([u]) => String(u))).toContain('/api/v1/stores/s1/subscription'));
  await act(async () => {
    await Promise.all(fetch.mock.results.map((r) => r.value));
    await new Promise((done) => setTimeout(done, 0));
  });
}

describe('the team screen before a plan’s limit bites', () => {
  afterEach(() => vi.restoreAllMocks());

  it('tells the owner why no one can be invited when the seats are used up, with the way to upgrade', async () => {
    await i18n.changeLanguage('en');
    const fetch = renderTab('employees', subscription({ employees: 5 }));
    await planRead(fetch);
    await userEvent.click(screen.getByTestId('invite-employee'));
    const dialog = screen.getByRole('dialog');
    const notice = await within(dialog).findByTestId('plan-limit');
    expect(notice.textContent).toContain('The Free plan allows 5 employees.');
    expect(within(notice).getByRole('link', { name: 'See the plans and upgrade' }).getAttribute('href')).toBe('/business-plan');
    expect((within(dialog).getByRole('button', { name: 'Send invitation' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('tells a manager to ask the owner instead', async () => {
    await i18n.changeLanguage('en');
    const full = renderTab('employees', subscription({ employees: 5, canManage: false }), { owner: false });
    await planRead(full);
    await userEvent.click(screen.getByTestId('invite-employee'));
    const notice = await within(screen.getByRole('dialog')).findByTestId('plan-limit');
    expect(notice.textContent).toContain("Ask the store's owner to upgrade the plan.");
    expect(within(notice).queryByRole('link')).toBeNull();
  });

  it('offers the invitation as usual while the plan has room', async () => {
    await i18n.changeLanguage('en');
    const fetch = renderTab('employees', subscription({ employees: 4 }));
    await planRead(fetch);
    await userEvent.click(screen.getByTestId('invite-employee'));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).queryByTestId('plan-limit')).toBeNull();
    expect((within(dialog).getByRole('button', { name: 'Send invitation' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('holds back activating a deactivated employee without a seat', async () => {
    await i18n.changeLanguage('es');
    const fetch = renderTab('employees', subscription({ employees: 5 }), { team: [employee({ fullname: 'Bo Berg', deactive: true })] });
    await planRead(fetch);
    await userEvent.click(screen.getByRole('button', { name: 'Activar' }));
    const dialog = screen.getByRole('dialog');
    expect((await within(dialog).findByTestId('plan-limit')).textContent).toContain('El plan Gratis permite 5 empleados.');
    expect((within(dialog).getByTestId('confirm') as HTMLButtonElement).disabled).toBe(true);
    await i18n.changeLanguage('en');
  });

  it('says why no role can be added when the plan’s roles are used up, in Persian too', async () => {
    await i18n.changeLanguage('fa');
    const fetch = renderTab('roles', subscription({ roles: 3 }));
    await planRead(fetch);
    await userEvent.click(screen.getByTestId('add-role'));
    const dialog = screen.getByRole('dialog');
    expect((await within(dialog).findByTestId('plan-limit')).textContent).toContain('طرح رایگان تا ۳ نقش را می‌پذیرد.');
    expect((within(dialog).getByRole('button', { name: 'ذخیره' }) as HTMLButtonElement).disabled).toBe(true);
    await i18n.changeLanguage('en');
  });

  it('limits nothing on a server that sells no plans', async () => {
    await i18n.changeLanguage('en');
    const fetch = renderTab('roles', subscription({ billing: false, roles: 30, limits: { employees: null, roles: null, assistant: true } }));
    await planRead(fetch);
    await userEvent.click(screen.getByTestId('add-role'));
    expect(within(screen.getByRole('dialog')).queryByTestId('plan-limit')).toBeNull();
  });
});
