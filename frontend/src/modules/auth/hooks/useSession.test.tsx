import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@/modules/preferences/utils/storageKeys';
import { renderWithProviders, type StateSetup } from '@/test/render';
import { tokenState } from '../states/tokenState';
import { useSession } from './useSession';

function SignOutButton() {
  const { token, signOut } = useSession();
  return (
    <>
      <span data-testid="token">{token ?? 'none'}</span>
      <button type="button" onClick={() => void signOut()}>out</button>
    </>
  );
}

const signedIn = (token: string) => {
  localStorage.setItem(STORAGE_KEYS.token, JSON.stringify(token));
  const initializeState: StateSetup = (state) => state.set(tokenState, token);
  return { initializeState };
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('signing out', () => {
  it('ends the session on the server before forgetting the token', async () => {
    const heldWhileCalling: (string | null)[] = [];
    const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => {
      heldWhileCalling.push(localStorage.getItem(STORAGE_KEYS.token));
      return json({ data: true });
    });
    renderWithProviders(<SignOutButton />, signedIn('tok-1'));
    await userEvent.click(screen.getByRole('button', { name: 'out' }));

    await waitFor(() => expect(screen.getByTestId('token').textContent).toBe('none'));
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/v1/logout');
    expect(init?.method).toBe('POST');
    expect((init?.headers as Record<string, string>).authorization).toBe('Bearer tok-1');
    expect(heldWhileCalling).toEqual([JSON.stringify('tok-1')]);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('forgets the token even when the server cannot be reached', async () => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('offline'));
    renderWithProviders(<SignOutButton />, signedIn('tok-2'));
    await userEvent.click(screen.getByRole('button', { name: 'out' }));
    await waitFor(() => expect(screen.getByTestId('token').textContent).toBe('none'));
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });
});
