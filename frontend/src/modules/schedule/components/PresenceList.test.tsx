import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import i18n from '@/i18n';
import { employee, shift } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { PresenceList } from './PresenceList';

const zone = 'Europe/Berlin';
const users = [
  { userId: 'u1', name: 'Max Weber', editing: 's1' },
  { userId: 'u2', name: 'Olivia', editing: null },
  { userId: 'u3', name: 'Lena Fischer', editing: 'gone' },
];
const shifts = new Map([['s1', shift({ id: 's1', title: 'Morning bar', start: Date.UTC(2026, 10, 24, 6), end: Date.UTC(2026, 10, 24, 14) })]]);

describe('PresenceList', () => {
  it('names who is here and lists what each is doing on demand', async () => {
    await i18n.changeLanguage('en');
    // Olivia goes by her first name; the list names her in full.
    const olivia = employee({ id: 'e2', userId: 'u2', displayName: 'Olivia', fullname: 'Olivia Becker' });
    renderWithProviders(<PresenceList users={users} employees={[olivia]} shifts={shifts} zone={zone} />);
    const group = screen.getByRole('group', { name: 'Also looking now' });
    expect(within(group).getByTestId('presence-names').textContent).toBe('Max, Olivia +1');
    const toggle = within(group).getByRole('button', { name: 'Max, Olivia +1: who is here and what they do' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');

    await userEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const list = screen.getByRole('region', { name: 'Here now: 3 colleagues' });
    const items = within(list).getAllByRole('listitem').map((li) => li.textContent);
    expect(items[0]).toContain('Max Weber');
    expect(items[0]).toContain('Editing Morning bar, Tue 7:00');
    expect(items[1]).toContain('Olivia BeckerLooking at the schedule');
    expect(items[2]).toContain('Lena FischerEditing a shift');

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('region')).toBeNull();
    expect(document.activeElement).toBe(toggle);
  });

  it('joins two names in the reader’s language and shows nothing when alone', async () => {
    await i18n.changeLanguage('de');
    const { unmount } = renderWithProviders(<PresenceList users={users.slice(0, 2)} employees={[]} shifts={shifts} zone={zone} />);
    expect(screen.getByTestId('presence-names').textContent).toBe('Max und Olivia');
    unmount();
    renderWithProviders(<PresenceList users={[]} employees={[]} shifts={shifts} zone={zone} />);
    expect(screen.queryByTestId('presence')).toBeNull();
    await i18n.changeLanguage('en');
  });
});
