import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { UpdatePrompt } from './UpdatePrompt';

const update = vi.hoisted(() => ({ updateReady: false, reload: vi.fn(), dismiss: vi.fn() }));
vi.mock('../hooks/useAppUpdate', () => ({ useAppUpdate: () => update }));

describe('UpdatePrompt', () => {
  beforeEach(() => {
    update.updateReady = false;
    update.reload.mockReset();
    update.dismiss.mockReset();
  });

  it('shows nothing while no new version waits', () => {
    renderWithProviders(<UpdatePrompt />);
    expect(screen.queryByTestId('update-prompt')).toBeNull();
  });

  it('offers the waiting version, reloading into it or later', () => {
    update.updateReady = true;
    renderWithProviders(<UpdatePrompt />);
    expect(screen.getByRole('status').textContent).toContain('A new version of Clockto is available');
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(update.reload).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Later' }));
    expect(update.dismiss).toHaveBeenCalledTimes(1);
  });
});
