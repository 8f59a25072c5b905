import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import i18n from '@/i18n';
import { employee, shift } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { atClock, viewRange } from '../utils/calendar';
import { buildIndex } from '../utils/boardIndex';
import { boardLines, dayTotals, NO_FILTER } from '../utils/boardView';
import type { Employee, Shift } from '@/modules/api/types';
import { BoardGrid, type BoardGridProps } from './BoardGrid';

const zone = 'Europe/Berlin';
const range = viewRange('week', Date.UTC(2026, 10, 18, 12), zone);

/** Renders the week of `shifts` and `people` as the schedule does, with `props` over the defaults. */
function renderBoard(shifts: Shift[], people: Employee[], props: Partial<BoardGridProps> = {}) {
  const lines = boardLines(buildIndex(shifts, range.days, range.end), people, [], NO_FILTER, new Intl.Collator('en', { numeric: true }));
  return renderWithProviders(
    <BoardGrid
      lines={lines}
      days={range.days}
      totals={dayTotals(lines, 7, NO_FILTER)}
      filter={NO_FILTER}
      density="comfortable"
      zone={zone}
      roles={[]}
      errors={{}}
      editing={{}}
      onOpen={vi.fn()}
      onCreate={vi.fn()}
      onMove={vi.fn()}
      {...props}
    />,
  );
}

describe('BoardGrid', () => {
  // jsdom lays nothing out: the board gets a desktop's viewport, 720 px high, and every row
  // measures 42 px, so the virtualised rows have something to count with.
  const sizes = { clientHeight: 720, clientWidth: 1280, offsetHeight: 42 };
  beforeAll(() => {
    for (const [name, px] of Object.entries(sizes)) Object.defineProperty(HTMLElement.prototype, name, { configurable: true, get: () => px });
  });
  afterAll(() => {
    for (const name of Object.keys(sizes)) delete (HTMLElement.prototype as unknown as Record<string, unknown>)[name];
  });

  it('shows the open-shifts row first and each shift in its employee’s day cell', async () => {
    await i18n.changeLanguage('en');
    const ana = employee({ id: 'ana', email: 'ana@example.com', displayName: 'Ana' });
    const tue = range.days[2]!;
    const shifts = [
      shift({ id: 's1', assigned: 'ana', start: atClock(tue, '09:00', zone), end: atClock(tue, '17:00', zone), status: 'confirmed' }),
      shift({ id: 's2', assigned: null, start: atClock(tue, '12:00', zone), end: atClock(tue, '16:00', zone) }),
    ];
    const onOpen = vi.fn();
    const onCreate = vi.fn();
    renderBoard(shifts, [ana], {
      errors: { s2: 'Ana has 1 other shift(s) from 09:00 to 17:00 that is/are conflicting with the current shift.' },
      editing: { s1: ['Max'] },
      onOpen,
      onCreate,
    });
    const headers = screen.getAllByTestId(/^row-/).map((row) => within(row).getByRole('rowheader'));
    expect(headers.map((r) => r.querySelector('strong')?.textContent)).toEqual(['Open shifts', 'Ana']);
    expect(headers.map((r) => r.querySelector('span:last-child')?.textContent)).toEqual(['4 h', '8 h']);
    const anaCell = screen.getByTestId('cell-ana@example.com-2026-11-17');
    expect(within(anaCell).getByTestId('shift').dataset.status).toBe('confirmed');
    expect(within(anaCell).getByTestId('shift-editing').textContent).toContain('Max');
    const openCell = screen.getByTestId('cell-open-2026-11-17');
    expect(within(openCell).getByRole('alert').textContent).toContain('conflicting');

    await userEvent.click(within(anaCell).getByTestId('shift'));
    expect(onOpen).toHaveBeenCalledWith(shifts[0], false);
    // Shift+click asks to add the card to the batch selection.
    const user = userEvent.setup();
    await user.keyboard('{Shift>}');
    await user.click(within(openCell).getByTestId('shift'));
    await user.keyboard('{/Shift}');
    expect(onOpen).toHaveBeenLastCalledWith(shifts[1], true);
    await userEvent.click(within(screen.getByTestId('cell-ana@example.com-2026-11-18')).getByTestId('add-shift'));
    expect(onCreate).toHaveBeenCalledWith(range.days[3], 'ana');
    const tuesday = screen.getByTestId('total-2026-11-17');
    expect(tuesday.dataset.minutes).toBe(String(12 * 60));
    expect(tuesday.textContent).toBe('12 h · 2 shifts');
  });

  it('marks selected cards with a check and as pressed', async () => {
    await i18n.changeLanguage('en');
    const ana = employee({ id: 'ana', email: 'ana@example.com', displayName: 'Ana' });
    const tue = range.days[2]!;
    const shifts = [
      shift({ id: 's1', assigned: 'ana', start: atClock(tue, '09:00', zone), end: atClock(tue, '13:00', zone) }),
      shift({ id: 's2', assigned: 'ana', start: atClock(tue, '14:00', zone), end: atClock(tue, '18:00', zone) }),
    ];
    renderBoard(shifts, [ana], { selected: new Set(['s2']) });
    const cards = within(screen.getByTestId('cell-ana@example.com-2026-11-17')).getAllByTestId('shift');
    expect(cards.map((c) => c.getAttribute('aria-pressed'))).toEqual([null, 'true']);
    expect(cards[1]!.textContent).toContain('✓');
  });

  it('puts only the rows in view in the page', async () => {
    await i18n.changeLanguage('en');
    const people = Array.from({ length: 200 }, (_, i) => employee({ id: `e${i}`, displayName: `Employee ${i + 1}` }));
    const shifts = people.map((p, i) => shift({ assigned: p.id, start: atClock(range.days[i % 7]!, '09:00', zone), end: atClock(range.days[i % 7]!, '17:00', zone) }));
    renderBoard(shifts, people, { density: 'compact' });
    const rows = screen.getAllByTestId(/^row-/).map((r) => r.querySelector('strong')?.textContent);
    expect(rows.length).toBeLessThan(40);
    expect(rows.slice(0, 4)).toEqual(['Open shifts', 'Employee 1', 'Employee 2', 'Employee 3']);
    expect(screen.getByRole('grid').getAttribute('aria-rowcount')).toBe('203');
    expect(screen.getByTestId('total-2026-11-15').dataset.shifts).toBe('29');
  });
});
