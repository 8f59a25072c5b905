import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import i18n from '@/i18n';
import { tokenState } from '@/modules/auth/states/tokenState';
import { STORAGE_KEYS } from '@/modules/preferences/utils/storageKeys';
import { renderWithProviders } from '@/test/render';
import { SignOutEverywhereCard } from './SignOutEverywhereCard';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function renderSignedIn(token: string) {
  localStorage.setItem(STORAGE_KEYS.token, JSON.stringify(token));
  return renderWithProviders(<SignOutEverywhereCard />, {
    route: '/settings',
    initializeState: (state) => state.set(tokenState, token),
  });
}

describe('SignOutEverywhereCard', () => {
  it('ends every session on the server, then forgets this one', async () => {
    await i18n.changeLanguage('en');
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(json({ data: true }));
    renderSignedIn('tok-1');
    await userEvent.click(screen.getByRole('button', { name: 'Sign out everywhere' }));

    await waitFor(() => expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull());
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/v1/logoutEverywhere');
    expect((init?.headers as Record<string, string>).authorization).toBe('Bearer tok-1');
  });

  it('keeps this session and says why when the server refuses', async () => {
    await i18n.changeLanguage('en');
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      json({ message: 'The database is not available.', code: 'unavailable' }, 503),
    );
    renderSignedIn('tok-2');
    await userEvent.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe(JSON.stringify('tok-2'));
  });

  it('speaks every language', async () => {
    for (const [lng, label] of [
      ['es', 'Cerrar sesión en todas partes'],
      ['de', 'Überall abmelden'],
      ['fa', 'خروج از همهٔ دستگاه‌ها'],
    ] as const) {
      await i18n.changeLanguage(lng);
      const { unmount } = renderSignedIn('tok');
      expect(screen.getByRole('button', { name: label })).toBeTruthy();
      unmount();
    }
    await i18n.changeLanguage('en');
  });
});
