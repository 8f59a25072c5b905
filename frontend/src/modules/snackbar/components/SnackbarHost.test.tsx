import { act, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { useSnackbar } from '../hooks/useSnackbar';
import { dequeue, enqueue, SNACKBAR_MS } from '../utils/queue';
import { SnackbarHost } from './SnackbarHost';

describe('snackbar queue', () => {
  it('shows the newest at once, drops stale notes and keeps warnings and errors for after', () => {
    let q = enqueue([], { id: 'a', message: 'Shift confirmed.', variant: 'success' });
    q = enqueue(q, { id: 'b', message: 'Could not save', variant: 'error' });
    q = enqueue(q, { id: 'c', message: 'Shift dropped.', variant: 'success' });
    expect(q.map((s) => `${s.id}:${s.message}`)).toEqual(['c:Shift dropped.', 'b:Could not save']);
    q = enqueue(q, { id: 'b', message: 'Still cannot save', variant: 'error' });
    expect(q.map((s) => `${s.id}:${s.message}`)).toEqual(['b:Still cannot save']);
    expect(dequeue(q, 'b')).toEqual([]);
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

  it('replaces the snackbar on screen with the newest, which shows for 3 s', () => {
    renderWithProviders(
      <>
        <Producer items={[['first'], ['second']]} />
        <SnackbarHost />
      </>,
    );
    expect(screen.getAllByRole('status').map((n) => n.textContent)).toEqual(['second']);
    act(() => vi.advanceTimersByTime(SNACKBAR_MS - 1));
    expect(screen.getByRole('status').textContent).toBe('second');
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows an error waiting behind the newest note after it', () => {
    function Mixed() {
      const show = useSnackbar();
      useEffect(() => {
        show('not saved', 'error');
        show('dropped', 'success');
      }, [show]);
      return null;
    }
    renderWithProviders(
      <>
        <Mixed />
        <SnackbarHost />
      </>,
    );
    expect(screen.getByRole('status').textContent).toBe('dropped');
    act(() => vi.advanceTimersByTime(SNACKBAR_MS));
    expect(screen.getByRole('status').textContent).toBe('not saved');
  });
});
