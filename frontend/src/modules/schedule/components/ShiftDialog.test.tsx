import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import i18n from '@/i18n';
import type { Role, Template } from '@/modules/api/types';
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

  it('starts a new shift from a shift template: its title, role and local times', async () => {
    await i18n.changeLanguage('en');
    const day = viewRange('day', Date.UTC(2026, 10, 18, 12), zone).start;
    const s = shift({ role: 'barista', start: atClock(day, '09:00', zone), end: atClock(day, '17:00', zone) });
    const closing = {
      id: 't1', storeId: 'store-1', title: 'Closing', type: 'shift', timestamp: 0, modified: 0,
      shifts: [{ title: 'Closing', day: 0, start: '16:00', end: '00:30', role: 'cook', assigned: null, oe: false, tasks: [] }],
    } as Template;
    renderWithProviders(
      <ShiftDialog
        shift={null}
        initial={draftOfShift(s, zone)}
        zone={zone}
        roles={[role('barista', 'Barista'), role('cook', 'Cook')]}
        employees={[]}
        days={[day]}
        onCreate={vi.fn()}
        onUpdate={vi.fn()}
        onDelete={vi.fn()}
        onClose={vi.fn()}
        shiftTemplates={[closing]}
      />,
    );
    const dialog = screen.getByRole('dialog');
    await userEvent.selectOptions(within(dialog).getByTestId('shift-from-template'), 't1');
    expect((within(dialog).getByLabelText('Shift title') as HTMLInputElement).value).toBe('Closing');
    expect((within(dialog).getByLabelText('Role') as HTMLSelectElement).value).toBe('cook');
    expect((within(dialog).getByLabelText('Start', { exact: true }) as HTMLInputElement).value).toBe('16:00');
    expect((within(dialog).getByLabelText('End', { exact: true }) as HTMLInputElement).value).toBe('00:30');
  });
});
