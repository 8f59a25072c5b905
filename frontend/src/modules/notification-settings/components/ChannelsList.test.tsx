import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '@/i18n';
import { renderWithProviders } from '@/test/render';
import { ChannelsList } from './ChannelsList';

beforeEach(async () => {
  await i18n.changeLanguage('en');
});

describe('the kinds on a phone', () => {
  it('list each kind with its words, "in the app: always", and its switches named by their channel', async () => {
    const onChange = vi.fn();
    renderWithProviders(
      <ChannelsList
        kinds={[
          { kind: 'newshift', mail: true, push: false },
          { kind: 'shiftpropose', mail: false, push: true },
        ]}
        onChange={onChange}
      />,
    );

    const item = screen.getByTestId('kind-newshift');
    expect(item.tagName).toBe('LI');
    expect(within(item).getByText('New shifts')).toBeTruthy();
    expect(within(item).getByText('In the app: always')).toBeTruthy();
    expect(within(item).getByRole<HTMLInputElement>('switch', { name: 'New shifts by mail' }).checked).toBe(true);
    expect(within(item).getByRole<HTMLInputElement>('switch', { name: 'New shifts as push notifications' }).checked).toBe(false);

    // The visible word beside a switch works it too.
    await userEvent.click(within(screen.getByTestId('kind-shiftpropose')).getByText('Push'));
    expect(onChange).toHaveBeenCalledWith('shiftpropose', 'push', false);
  });
});
