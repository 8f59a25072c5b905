import { Suspense } from 'react';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { lazyComponent, type LazyComponent } from './lazyComponent';

function Board() {
  return <h1>Board</h1>;
}

function inSuspense(Screen: LazyComponent) {
  return render(
    <Suspense fallback={<p>Loading</p>}>
      <Screen />
    </Suspense>,
  );
}

describe('lazyComponent', () => {
  it('renders a preloaded screen at once, without a fallback', async () => {
    let loads = 0;
    const Screen = lazyComponent(async () => {
      loads += 1;
      return Board;
    });
    await Screen.preload();
    inSuspense(Screen);
    expect(screen.getByRole('heading', { name: 'Board' })).toBeTruthy();
    expect(screen.queryByText('Loading')).toBeNull();
    expect(loads).toBe(1);
  });

  it('suspends while a screen not preloaded loads, and loads it once', async () => {
    let loads = 0;
    const Screen = lazyComponent(async () => {
      loads += 1;
      return Board;
    });
    inSuspense(Screen);
    expect(screen.getByText('Loading')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Board' })).toBeTruthy();
    await Screen.preload();
    expect(loads).toBe(1);
  });

  it('keeps a screen that suspended mounted when it renders again', async () => {
    const Screen = lazyComponent(async () => Board);
    const view = inSuspense(Screen);
    const heading = await screen.findByRole('heading', { name: 'Board' });
    view.rerender(
      <Suspense fallback={<p>Loading</p>}>
        <Screen />
      </Suspense>,
    );
    expect(screen.getByRole('heading', { name: 'Board' })).toBe(heading);
  });

  it('tries a failed load again', async () => {
    let loads = 0;
    const Screen = lazyComponent(async () => {
      loads += 1;
      if (loads === 1) throw new Error('offline');
      return Board;
    });
    await expect(Screen.preload()).rejects.toThrow('offline');
    await Screen.preload();
    inSuspense(Screen);
    expect(screen.getByRole('heading', { name: 'Board' })).toBeTruthy();
    expect(loads).toBe(2);
  });

  it('passes its props on, before and after its code has loaded', async () => {
    const Dialog = lazyComponent(async () => ({ title }: { title: string }) => <h2>{title}</h2>);
    const view = render(
      <Suspense fallback={<p>Loading</p>}>
        <Dialog title="Edit shift" />
      </Suspense>,
    );
    expect(await screen.findByRole('heading', { name: 'Edit shift' })).toBeTruthy();
    view.rerender(
      <Suspense fallback={<p>Loading</p>}>
        <Dialog title="New shift" />
      </Suspense>,
    );
    expect(screen.getByRole('heading', { name: 'New shift' })).toBeTruthy();
  });
});
