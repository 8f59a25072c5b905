import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import i18n from '@/i18n';
import type { Role } from '@/modules/api/types';
import { employee, shift } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { atClock, viewRange } from '../utils/calendar';
import { draftOfShift } from '../utils/shiftForm';
import { ShiftDialog } from './ShiftDialog';

const zone = 'Europe/Berlin';
const role = (id: string, title: string) => ({ id, title, color: '#123456' }) as unknown as Role;

describe('ShiftDialog', () => {
  it('keeps the assignee when a role they lack is chosen, and says so', async () => {
    await i18n.changeLanguage('en');
    const day = viewRange('day', Date.UTC(2026, 10, 18, 12), zone).start;
    const ana = employee({ id: 'ana', displayName: 'Ana', role: ['barista'] });
    const s = shift({ assigned: 'ana', role: 'barista', start: atClock(day, '09:00', zone), end: atClock(day, '17:00', zone) });
    renderWithProviders(
      <ShiftDialog
        shift={null}
        initial={{ ...draftOfShift(s, zone), assigned: 'ana' }}
        zone={zone}
        roles={[role('barista', 'Barista'), role('cook', 'Cook')]}
        employees={[ana]}
        days={[day]}
        onCreate={vi.fn()}
        onUpdate={vi.fn()}
        onDelete={vi.fn()}
        onClose={vi.fn()}
      />,
    );
    const dialog = screen.getByRole('dialog');
    await userEvent.selectOptions(within(dialog).getByLabelText('Role'), 'cook');
    expect((within(dialog).getByLabelText('Employee') as HTMLSelectElement).value).toBe('ana');
    expect(within(dialog).getByTestId('role-lacking').textContent).toContain("doesn't have the role");
    await userEvent.click(within(dialog).getByRole('button', { name: 'Make it an open shift' }));
    expect((within(dialog).getByLabelText('Employee') as HTMLSelectElement).value).toBe('');
    expect(within(dialog).queryByTestId('role-lacking')).toBeNull();
  });
});
