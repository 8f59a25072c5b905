import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import i18n from '@/i18n';
import { renderWithProviders } from '@/test/render';
import { LoginPage } from './LoginPage';

describe('LoginPage', () => {
  it('shows each field’s validation message next to it and sends nothing', async () => {
    await i18n.changeLanguage('en');
    renderWithProviders(<LoginPage />, { route: '/login' });
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    const email = screen.getByLabelText('E-mail');
    expect(email).toHaveProperty('ariaInvalid', 'true');
    expect(document.getElementById(email.getAttribute('aria-describedby')!)?.textContent).toBe('This field is required.');

    await userEvent.type(email, 'not-an-address');
    expect(document.getElementById(email.getAttribute('aria-describedby')!)?.textContent).toBe('Please enter a valid e-mail address.');
    await userEvent.clear(email);
    await userEvent.type(email, 'ana@example.com');
    expect(email.getAttribute('aria-describedby')).toBeNull();
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual(['This field is required.']);
  });

  it('speaks the chosen language', async () => {
    await i18n.changeLanguage('de');
    renderWithProviders(<LoginPage />, { route: '/login' });
    await userEvent.click(screen.getByRole('button', { name: 'Anmelden' }));
    expect(screen.getAllByRole('alert')[0]!.textContent).toBe('Dieses Feld ist erforderlich.');
    await i18n.changeLanguage('fa');
    expect(document.documentElement.dir).toBe('rtl');
    await i18n.changeLanguage('en');
    expect(document.documentElement.dir).toBe('ltr');
  });
});
