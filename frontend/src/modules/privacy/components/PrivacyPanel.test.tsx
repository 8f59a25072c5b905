import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import i18n from '@/i18n';
import type { Me } from '@/modules/api/types';
import { meState } from '@/modules/auth/states/meState';
import { tokenState } from '@/modules/auth/states/tokenState';
import { STORAGE_KEYS } from '@/modules/preferences/utils/storageKeys';
import { renderWithProviders } from '@/test/render';
import { PrivacyPanel } from './PrivacyPanel';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const me = (over: Partial<Me> = {}): Me => ({
  id: 'u1',
  email: 'ana@example.com',
  firstName: 'Ana',
  lastName: 'Silva',
  profileImage: null,
  phoneNumber: null,
  birthday: null,
  description: null,
  aboutMe: null,
  personalInformationStatus: 'set',
  status: 'confirmed',
  signInMethod: 'Email',
  hasPassword: true,
  lastLogin: 1_700_000_000_000,
  privacy: { phone: 'managers', birthday: 'managers' },
  stores: [],
  linkedAccounts: [],
  ...over,
});

function renderPanel(user: Me = me()) {
  localStorage.setItem(STORAGE_KEYS.token, JSON.stringify('tok'));
  return renderWithProviders(<PrivacyPanel />, {
    route: '/settings?tab=privacy',
    initializeState: (state) => {
      state.set(tokenState, 'tok');
      state.set(meState, user);
    },
  });
}

/** A server answering the privacy calls; keeps the bodies it was sent, by call. */
function serve(deleteAnswer: Response | null = null) {
  const sent: Record<string, unknown[]> = {};
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    const name = url.replace('/api/v1/', '');
    (sent[name] ??= []).push(init?.body ? JSON.parse(String(init.body)) : null);
    if (url === '/api/v1/updatePrivacySettings') return json({ data: JSON.parse(String(init?.body)) });
    if (url === '/api/v1/me') return json({ data: me({ privacy: { phone: 'onlyMe', birthday: 'managers' } }) });
    if (url === '/api/v1/deleteAccount') return deleteAnswer ?? json({ data: true });
    return json({ code: 'not_found', message: 'Not found.' }, 404);
  });
  return sent;
}

describe('PrivacyPanel', () => {
  it('shows the current choices and saves a change', async () => {
    await i18n.changeLanguage('en');
    const sent = serve();
    renderPanel();
    const phone = screen.getByLabelText('Mobile number') as HTMLSelectElement;
    expect(phone.value).toBe('managers');
    await userEvent.selectOptions(phone, 'onlyMe');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent.updatePrivacySettings).toEqual([{ phone: 'onlyMe', birthday: 'managers' }]));
    expect(sent.me).toHaveLength(1);
  });

  it('deletes the account only once its address is typed, then forgets the session', async () => {
    await i18n.changeLanguage('en');
    const sent = serve();
    renderPanel();
    await userEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    const confirm = screen.getByRole('button', { name: 'Delete forever' });
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    const field = screen.getByLabelText('Type ana@example.com to confirm');
    await userEvent.type(field, 'ana@example.co');
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    await userEvent.type(field, 'M');
    expect((confirm as HTMLButtonElement).disabled).toBe(false);
    await userEvent.click(confirm);
    await waitFor(() => expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull());
    expect(sent.deleteAccount).toEqual([{ confirmation: 'ana@example.coM' }]);
  });

  it('keeps the session and says why when the server refuses', async () => {
    await i18n.changeLanguage('en');
    serve(json({ code: 'owns_store', message: "You own a store, so your account can't be deleted: a store can't be left without its owner." }, 400));
    renderPanel();
    await userEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    await userEvent.type(screen.getByLabelText('Type ana@example.com to confirm'), 'ana@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Delete forever' }));
    expect((await screen.findByRole('alert')).textContent).toContain('You own a store');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe(JSON.stringify('tok'));
  });

  it('speaks every language', async () => {
    for (const [lng, label] of [
      ['es', 'Eliminar mi cuenta'],
      ['de', 'Mein Konto löschen'],
      ['fa', 'حذف حساب من'],
    ] as const) {
      await i18n.changeLanguage(lng);
      const { unmount } = renderPanel();
      expect(screen.getByRole('button', { name: label })).toBeTruthy();
      unmount();
    }
    await i18n.changeLanguage('en');
  });
});
