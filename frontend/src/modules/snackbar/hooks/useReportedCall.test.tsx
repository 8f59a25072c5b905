import { act, renderHook } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '@/i18n';
import { ApiError } from '@/modules/api/ApiError';
import { snackbarQueueState } from '../states/snackbarQueueState';
import { useReportedCall } from './useReportedCall';

function setup() {
  const state = createStore();
  const wrapper = ({ children }: { children: ReactNode }) => <Provider store={state}>{children}</Provider>;
  const { result } = renderHook(() => useReportedCall(), { wrapper });
  const shown = () => state.get(snackbarQueueState).map((s) => `${s.variant}:${s.id}:${s.message}`);
  return { result, shown };
}

/** A promise and the hands that settle it. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
}

const refused = new ApiError({ code: 'stale_shift', message: 'The shift changed meanwhile.' }, 409);

describe('useReportedCall', () => {
  beforeEach(() => i18n.changeLanguage('en'));

  it('says the catalogue text of `done` on success and answers the data', async () => {
    const { result, shown } = setup();
    let answer: unknown;
    await act(async () => {
      answer = await result.current.run(async () => 42, { key: 'timesheet', done: 'clock.timesheet.approvedDone' });
    });
    expect(answer).toEqual({ data: 42 });
    expect(shown()).toEqual([`success:timesheet:${i18n.t('clock.timesheet.approvedDone')}`]);
  });

  it('words success from the answer, in its own variant, or says nothing', async () => {
    const { result, shown } = setup();
    await act(async () => {
      await result.current.run(async () => ({ sent: false }), {
        key: 'clock',
        done: (r) => (r.sent ? 'Clocked in.' : { text: 'Saved on this phone.', variant: 'info' }),
      });
    });
    expect(shown()).toEqual(['info:clock:Saved on this phone.']);
    await act(async () => {
      await result.current.run(async () => null, { key: 'undo', done: () => null });
    });
    expect(shown()).toEqual(['info:clock:Saved on this phone.']);
  });

  it("shows a failure's text by its code in a snackbar and answers null", async () => {
    const { result, shown } = setup();
    let answer: unknown = 'unset';
    await act(async () => {
      answer = await result.current.run(() => Promise.reject(refused), { key: 'move-s1', done: 'schedule.updated' });
    });
    expect(answer).toBeNull();
    expect(shown()).toEqual([`error:move-s1:${i18n.t('errors.staleShift')}`]);
  });

  it('puts a failure on the form instead, cleared as the next call starts', async () => {
    const { result, shown } = setup();
    const inline = vi.fn();
    await act(async () => {
      await result.current.run(() => Promise.reject(refused), { key: 'profile', inline });
    });
    expect(inline.mock.calls).toEqual([[null], [i18n.t('errors.staleShift')]]);
    await act(async () => {
      await result.current.run(async () => 'ok', { key: 'profile', done: 'settings.profileSaved', inline });
    });
    expect(inline.mock.calls.at(-1)).toEqual([null]);
    expect(shown()).toEqual([`success:profile:${i18n.t('settings.profileSaved')}`]);
  });

  it("words a failure the caller's way, or leaves it to the caller", async () => {
    const { result, shown } = setup();
    await act(async () => {
      await result.current.run(() => Promise.reject(refused), { key: 'export', failed: () => 'The export failed.' });
    });
    expect(shown()).toEqual(['error:export:The export failed.']);
    let answer: unknown = 'unset';
    await act(async () => {
      answer = await result.current.run(() => Promise.reject(refused), { key: 'import', failed: () => null });
    });
    expect(answer).toBeNull();
    expect(shown()).toEqual(['error:export:The export failed.']);
  });

  it('is busy while any of its calls runs', async () => {
    const { result } = setup();
    const first = deferred<number>();
    const second = deferred<number>();
    let a!: Promise<unknown>;
    let b!: Promise<unknown>;
    act(() => {
      a = result.current.run(() => first.promise);
      b = result.current.run(() => second.promise);
    });
    expect(result.current.busy).toBe(true);
    await act(async () => {
      first.resolve(1);
      await a;
    });
    // The second still runs.
    expect(result.current.busy).toBe(true);
    await act(async () => {
      second.reject(refused);
      await b;
    });
    expect(result.current.busy).toBe(false);
  });
});
