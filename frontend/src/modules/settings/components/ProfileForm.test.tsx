import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import i18n from '@/i18n';
import type { Me } from '@/modules/api/types';
import { meState } from '@/modules/auth/states/meState';
import { tokenState } from '@/modules/auth/states/tokenState';
import { renderWithProviders } from '@/test/render';
import { ProfileForm } from './ProfileForm';

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

const ana: Me = {
  id: 'u1',
  email: 'ana@example.com',
  firstName: 'Ana',
  lastName: 'Silva',
  profileImage: null,
  phoneNumber: null,
  birthday: null,
  description: 'Barista',
  aboutMe: null,
  personalInformationStatus: 'set',
  status: 'confirmed',
  signInMethod: 'Email',
  hasPassword: true,
  lastLogin: null,
  privacy: { phone: 'managers', birthday: 'managers' },
  stores: [],
  linkedAccounts: [],
};

function renderForm() {
  const sent: unknown[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    if (String(input) === '/api/v1/updateProfile') sent.push(JSON.parse(String(init?.body)));
    return json({ data: ana });
  });
  renderWithProviders(<ProfileForm />, {
    route: '/settings',
    initializeState: (state) => {
      state.set(tokenState, 'tok');
      state.set(meState, ana);
    },
  });
  return sent;
}

describe('ProfileForm', () => {
  it('saves the description and about-me text with the rest', async () => {
    await i18n.changeLanguage('en');
    const sent = renderForm();
    expect((screen.getByLabelText('Description') as HTMLInputElement).value).toBe('Barista');
    await userEvent.type(screen.getByLabelText('About me'), 'Climbing on Sundays.');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ description: 'Barista', aboutMe: 'Climbing on Sundays.' });
  });

  it('refuses texts past their lengths before asking the server', async () => {
    await i18n.changeLanguage('en');
    const sent = renderForm();
    fireEvent.change(screen.getByLabelText('Description'), { target: { value: 'x'.repeat(161) } });
    fireEvent.change(screen.getByLabelText('About me'), { target: { value: 'é'.repeat(2001) } });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('At most 160 characters.')).toBeTruthy();
    expect(screen.getByText('At most 2,000 characters.')).toBeTruthy();
    expect(sent).toHaveLength(0);
  });
});
