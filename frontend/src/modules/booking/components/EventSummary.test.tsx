import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import i18n from '@/i18n';
import { renderWithProviders } from '@/test/render';
import { emptyForm, eventInput } from '../utils/eventForm';
import { EventSummary } from './EventSummary';

const zone = 'Europe/Berlin';

describe('EventSummary', () => {
  it('sums up a repeating event in the reader’s language', async () => {
    await i18n.changeLanguage('en');
    const form = { ...emptyForm(Date.UTC(2026, 10, 29, 10), zone), title: 'Haircut', role: 'r1', date: '2026-11-30', start: '10:00', end: '12:00', repeat: 'd' as const, ends: 'count' as const, count: '3', capacity: '2' };
    renderWithProviders(<EventSummary event={{ ...eventInput(form, zone), title: form.title }} roles={[]} zone={zone} withTitle />);
    expect(screen.getByText('Haircut')).toBeTruthy();
    expect(screen.getByText('10:00–12:00')).toBeTruthy();
    expect(screen.getByText('Every day, 3 times')).toBeTruthy();
  });
});
