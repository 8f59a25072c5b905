import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '@/i18n';
import { renderWithProviders } from '@/test/render';
import { ThankYouPage } from './ReservationPages';

describe('ThankYouPage for a demo request', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('thanks the visitor for their demo and leads back to the public site', async () => {
    await i18n.changeLanguage('en');
    renderWithProviders(<ThankYouPage />, { route: '/thank-you?for=demo' });
    expect(screen.getByRole('heading', { name: 'Thank you, your demo is booked!' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Clockto' }).getAttribute('href')).toBe('/?lang=en');
  });

  it('speaks the reader’s language', async () => {
    await i18n.changeLanguage('fa');
    renderWithProviders(<ThankYouPage />, { route: '/thank-you?for=demo' });
    expect(screen.getByTestId('demo-thank-you').textContent).toBe('سپاسگزاریم، دموی شما رزرو شد!');
    expect(screen.getByRole('link', { name: 'بازگشت به Clockto' }).getAttribute('href')).toBe('/?lang=fa');
  });

  it('still thanks a booking client without a demo', async () => {
    await i18n.changeLanguage('en');
    renderWithProviders(<ThankYouPage />, { route: '/thank-you' });
    expect(screen.getByRole('heading', { name: 'Thank you, you are booked!' })).toBeTruthy();
    expect(screen.queryByTestId('demo-thank-you')).toBeNull();
  });
});
