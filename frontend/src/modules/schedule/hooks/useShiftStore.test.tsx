import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { shift } from '@/test/fixtures';
import { shiftStore } from '../store/shiftStore';
import { useStoredShift, useStoredShiftsBetween } from './useShiftStore';

/** Lets the store deliver its batch (at the end of the turn) and React draw it. */
const delivered = () => act(() => new Promise<void>((ok) => setTimeout(ok, 0)));

function Titles({ start, end }: { start: number; end: number }) {
  const shifts = useStoredShiftsBetween(start, end);
  return <p data-testid="titles">{shifts.map((s) => s.title).join(',')}</p>;
}

function Open({ id }: { id: string }) {
  const live = useStoredShift(id);
  return <p data-testid="open">{live ? `${live.title} v${live.version}` : 'gone'}</p>;
}

describe('views of the loaded shifts', () => {
  afterEach(() => shiftStore.clear());

  it('draw what the store holds, and every later batch', async () => {
    shiftStore.upsert([shift({ id: 'a', title: 'Early', start: 1_000, end: 2_000 })]);
    await delivered();
    render(
      <>
        <Titles start={0} end={10_000} />
        <Open id="a" />
      </>,
    );
    expect(screen.getByTestId('titles').textContent).toBe('Early');
    expect(screen.getByTestId('open').textContent).toBe('Early v1');

    shiftStore.upsert([shift({ id: 'a', title: 'Opening', start: 1_000, end: 2_000, version: 2 }), shift({ id: 'b', title: 'Late', start: 5_000, end: 6_000 })]);
    await delivered();
    expect(screen.getByTestId('titles').textContent).toBe('Opening,Late');
    expect(screen.getByTestId('open').textContent).toBe('Opening v2');

    shiftStore.remove(['a']);
    await delivered();
    expect(screen.getByTestId('titles').textContent).toBe('Late');
    expect(screen.getByTestId('open').textContent).toBe('gone');
  });

  it('catch a batch delivered between their first drawing and their subscription', async () => {
    function Sneaky() {
      // A batch arriving while the view is first drawn, before its effects subscribe.
      shiftStore.upsert([shift({ id: 'c', title: 'Sneaked in', start: 1_000, end: 2_000 })]);
      return null;
    }
    render(
      <>
        <Titles start={0} end={10_000} />
        <Sneaky />
      </>,
    );
    await delivered();
    expect(screen.getByTestId('titles').textContent).toBe('Sneaked in');
  });
});
