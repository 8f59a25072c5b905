import { act, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { useSnackbar } from '../hooks/useSnackbar';
import { dequeue, enqueue, SNACKBAR_MS } from '../utils/queue';
import { SnackbarHost } from './SnackbarHost';

describe('snackbar queue', () => {
  it('appends, and replaces a queued snackbar with the same id at the back', () => {
    let q = enqueue([], { id: 'a', message: 'A', variant: 'info' });
    q = enqueue(q, { id: 'b', message: 'B', variant: 'info' });
    q = enqueue(q, { id: 'a', message: 'A2', variant: 'error' });
    expect(q.map((s) => `${s.id}:${s.message}`)).toEqual(['b:B', 'a:A2']);
    expect(dequeue(q, 'b').map((s) => s.id)).toEqual(['a']);
  });
});

function Producer({ items }: { items: [string, string?][] }) {
  const show = useSnackbar();
  useEffect(() => {
    for (const [message, id] of items) show(message, 'info', id);
  }, [show, items]);
  return null;
}

describe('SnackbarHost', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows one snackbar at a time for 3 s each', () => {
    renderWithProviders(
      <>
        <Producer items={[['first'], ['second']]} />
        <SnackbarHost />
      </>,
    );
    expect(screen.getAllByRole('status').map((n) => n.textContent)).toEqual(['first']);
    act(() => vi.advanceTimersByTime(SNACKBAR_MS - 1));
    expect(screen.getByRole('status').textContent).toBe('first');
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('status').textContent).toBe('second');
    act(() => vi.advanceTimersByTime(SNACKBAR_MS));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows a repeated id once, with its latest text', () => {
    renderWithProviders(
      <>
        <Producer items={[['saving', 'x'], ['other'], ['saved', 'x']]} />
        <SnackbarHost />
      </>,
    );
    expect(screen.getByRole('status').textContent).toBe('other');
    act(() => vi.advanceTimersByTime(SNACKBAR_MS));
    expect(screen.getByRole('status').textContent).toBe('saved');
  });
});
