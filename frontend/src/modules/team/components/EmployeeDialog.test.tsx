import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import i18n from '@/i18n';
import type { Role } from '@/modules/api/types';
import { employee } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { EmployeeDialog } from './EmployeeDialog';

const roles: Role[] = [
  { id: 'r1', title: 'Barista', color: '#8d5b3e', requireUserAction: false, swappeable: true, canStart: true, canClockIn: true, timestamp: 0, modified: 0 },
  { id: 'r2', title: 'Cook', color: '#e4572e', requireUserAction: true, swappeable: false, canStart: true, canClockIn: true, timestamp: 0, modified: 0 },
];

describe('EmployeeDialog', () => {
  it('invites with the roles, wages and permissions chosen', async () => {
    await i18n.changeLanguage('en');
    const onSubmit = vi.fn().mockResolvedValue({ data: undefined });
    const onClose = vi.fn();
    renderWithProviders(<EmployeeDialog employee={null} roles={roles} onSubmit={onSubmit} onClose={onClose} />);
    await userEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(screen.getByRole('alert').textContent).toBe('This field is required.');
    expect(onSubmit).not.toHaveBeenCalled();

    await userEvent.type(screen.getByLabelText('E-mail'), 'ana@example.com');
    await userEvent.click(screen.getByLabelText('Cook'));
    await userEvent.type(screen.getByLabelText('Wage (Cook)'), '-3');
    await userEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(screen.getByRole('alert').textContent).toBe('Enter a wage of 0 or more.');

    await userEvent.clear(screen.getByLabelText('Wage (Cook)'));
    await userEvent.type(screen.getByLabelText('Wage (Cook)'), '17.5');
    await userEvent.click(screen.getByLabelText('Manage schedule'));
    await userEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({ email: 'ana@example.com', roles: ['r2'], wage: { r2: '17.5' }, permissions: ['schedule'], wageType: 'Hourly' }),
    );
    expect(onClose).toHaveBeenCalled();
  });

  it('stays open when the invitation is refused', async () => {
    await i18n.changeLanguage('en');
    // A refused call answers `null`; its snackbar says why.
    const onSubmit = vi.fn().mockResolvedValue(null);
    const onClose = vi.fn();
    renderWithProviders(<EmployeeDialog employee={null} roles={roles} onSubmit={onSubmit} onClose={onClose} />);
    await userEvent.type(screen.getByLabelText('E-mail'), 'ana@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(onSubmit).toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
    expect((screen.getByRole('button', { name: 'Send invitation' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('edits an employee without offering the e-mail and never grants ownership', async () => {
    const e = employee({ fullname: 'Ana Lopez', role: ['r1'], wage: { r1: 12 }, permissions: ['employee', 'owner'] });
    renderWithProviders(<EmployeeDialog employee={e} roles={roles} onSubmit={vi.fn()} onClose={vi.fn()} />);
    expect(screen.queryByLabelText('E-mail')).toBeNull();
    expect((screen.getByLabelText('Wage (Barista)') as HTMLInputElement).value).toBe('12');
    expect((screen.getByLabelText('Manage staff') as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByLabelText(/owner/i)).toBeNull();
  });
});
