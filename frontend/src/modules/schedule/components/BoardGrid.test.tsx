import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import i18n from '@/i18n';
import { employee, shift } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { atClock, viewRange } from '../utils/calendar';
import { groupByEmployee } from '../utils/grouping';
import { BoardGrid } from './BoardGrid';

const zone = 'Europe/Berlin';

describe('BoardGrid', () => {
  it('shows the open-shifts row first and each shift in its employee’s day cell', async () => {
    await i18n.changeLanguage('en');
    const range = viewRange('week', Date.UTC(2026, 10, 18, 12), zone);
    const ana = employee({ id: 'ana', email: 'ana@example.com', displayName: 'Ana' });
    const tue = range.days[2]!;
    const shifts = [
      shift({ id: 's1', assigned: 'ana', start: atClock(tue, '09:00', zone), end: atClock(tue, '17:00', zone), status: 'confirmed' }),
      shift({ id: 's2', assigned: null, start: atClock(tue, '12:00', zone), end: atClock(tue, '16:00', zone) }),
    ];
    const onOpen = vi.fn();
    const onCreate = vi.fn();
    renderWithProviders(
      <BoardGrid
        rows={groupByEmployee(shifts, [ana], zone)}
        days={range.days}
        zone={zone}
        roles={[]}
        errors={{ s2: 'Ana has 1 other shift(s) from 09:00 to 17:00 that is/are conflicting with the current shift.' }}
        editing={{ s1: ['Max'] }}
        onOpen={onOpen}
        onCreate={onCreate}
        onMove={vi.fn()}
      />,
    );
    const headers = screen.getAllByRole('rowheader');
    expect(headers.map((r) => r.querySelector('strong')?.textContent)).toEqual(['Open shifts', 'Ana']);
    expect(headers.map((r) => r.querySelector('span:last-child')?.textContent)).toEqual(['4 h', '8 h']);
    const anaCell = screen.getByTestId('cell-ana@example.com-2026-11-17');
    expect(within(anaCell).getByTestId('shift').dataset.status).toBe('confirmed');
    expect(within(anaCell).getByTestId('shift-editing').textContent).toContain('Max');
    const openCell = screen.getByTestId('cell-open-2026-11-17');
    expect(within(openCell).getByRole('alert').textContent).toContain('conflicting');

    await userEvent.click(within(anaCell).getByTestId('shift'));
    expect(onOpen).toHaveBeenCalledWith(shifts[0]);
    await userEvent.click(within(screen.getByTestId('cell-ana@example.com-2026-11-18')).getByTestId('add-shift'));
    expect(onCreate).toHaveBeenCalledWith(range.days[3], 'ana');
  });
});
