import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import i18n from '@/i18n';
import type { Me } from '@/modules/api/types';
import { meState } from '@/modules/auth/states/meState';
import { tokenState } from '@/modules/auth/states/tokenState';
import { renderWithProviders } from '@/test/render';
import { SignInMethodsCard } from './SignInMethodsCard';

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

const me = (over: Partial<Me>): Me => ({
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
  lastLogin: Date.UTC(2026, 10, 20, 9, 30),
  privacy: { phone: 'managers', birthday: 'managers' },
  stores: [],
  linkedAccounts: [],
  ...over,
});

function renderCard(user: Me, google = true) {
  vi.spyOn(globalThis, 'fetch').mockResolvedValue(json({ data: { emailCode: true, google } }));
  return renderWithProviders(<SignInMethodsCard />, {
    route: '/settings',
    initializeState: (state) => {
      state.set(tokenState, 'tok');
      state.set(meState, user);
    },
  });
}

describe('SignInMethodsCard', () => {
  it('lists the password and each linked Google account, with the last sign-in', async () => {
    await i18n.changeLanguage('en');
    renderCard(me({ linkedAccounts: [{ issuer: 'https://accounts.google.com', email: 'ana@gmail.com', linkedAt: 1 }] }));
    const list = screen.getByTestId('sign-in-methods');
    expect(list.textContent).toContain('Password: set');
    expect(list.textContent).toContain('Google: ana@gmail.com');
    expect(screen.getByRole('link', { name: 'Change password' }).getAttribute('href')).toBe('#password');
    expect(screen.getByTestId('last-sign-in').textContent).toMatch(/^Last sign-in: .*2026/);
  });

  it('leads to adding a password and linking Google when there are none', async () => {
    await i18n.changeLanguage('en');
    renderCard(me({ hasPassword: false, signInMethod: 'Google', lastLogin: null }));
    expect(screen.getByTestId('sign-in-methods').textContent).toContain('Password: not set');
    expect(screen.getByRole('link', { name: 'Add password' }).getAttribute('href')).toBe('#password');
    expect((await screen.findByRole('link', { name: 'Link a Google account' })).getAttribute('href')).toBe('#google');
    expect(screen.getByTestId('last-sign-in').textContent).toBe('No sign-in recorded yet.');
  });

  it('writes the last sign-in in the reader’s language', async () => {
    await i18n.changeLanguage('fa');
    renderCard(me({}));
    expect(screen.getByTestId('last-sign-in').textContent).toMatch(/^آخرین ورود: .*[۰-۹]/);
    await i18n.changeLanguage('en');
  });
});
