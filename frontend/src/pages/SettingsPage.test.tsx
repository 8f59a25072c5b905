import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '@/i18n';
import { tokenState } from '@/modules/auth/states/tokenState';
import { renderWithProviders } from '@/test/render';
import { SettingsPage } from './SettingsPage';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function renderAt(route: string) {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) =>
    String(input) === '/api/v1/getNotificationSettings'
      ? json({ data: { kinds: [{ kind: 'newshift', mail: true, push: true }], quietHours: null } })
      : json({ code: 'not_found', message: 'Not found.' }, 404),
  );
  return renderWithProviders(<SettingsPage />, { route, initializeState: (state) => state.set(tokenState, 'tok') });
}

const selected = () => screen.getAllByRole('tab').filter((tab) => tab.getAttribute('aria-selected') === 'true').map((tab) => tab.textContent);

beforeEach(async () => {
  await i18n.changeLanguage('en');
});

describe('the settings page', () => {
  it('opens the notification settings from the link of notification mails', async () => {
    renderAt('/settings?tab=notifications');
    expect(selected()).toEqual(['Notifications']);
    expect(await screen.findByRole('switch', { name: 'New shifts by mail' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Profile' })).toBeNull();
  });

  it('starts on the general settings and reaches the notification settings by their tab', async () => {
    renderAt('/settings');
    expect(selected()).toEqual(['General']);
    expect(screen.getByRole('heading', { name: 'Profile' })).toBeTruthy();

    await userEvent.click(screen.getByRole('tab', { name: 'Notifications' }));
    expect(selected()).toEqual(['Notifications']);
    expect(await screen.findByRole('heading', { name: 'How notifications reach you' })).toBeTruthy();
  });

  it('reaches the privacy settings by their tab', async () => {
    renderAt('/settings');
    await userEvent.click(screen.getByRole('tab', { name: 'Privacy' }));
    expect(selected()).toEqual(['Privacy']);
    expect(screen.getByRole('heading', { name: 'Who sees your phone number and birthday' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download my data' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete my account' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Profile' })).toBeNull();
  });
});
