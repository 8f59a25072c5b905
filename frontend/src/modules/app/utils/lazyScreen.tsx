import { lazy, useState, type ComponentType } from 'react';

/** A screen whose code loads on first visit, and can be asked for ahead of its first render. */
export type LazyScreen = (() => JSX.Element) & { preload: () => Promise<unknown> };

/**
 * `React.lazy` with a `preload`. React 18's `lazy` suspends on its first render even when the
 * module is already loaded, and the reveal after a suspension is held back (up to half a
 * second, longer while other updates arrive), so the screen's own reads would start late. A
 * screen preloaded in time renders its component at once; otherwise it suspends as `lazy` does.
 */
export function lazyScreen(load: () => Promise<ComponentType>): LazyScreen {
  let loaded: ComponentType | undefined;
  let pending: Promise<ComponentType> | undefined;
  const preload = () => {
    pending ??= load().then(
      (component) => {
        loaded = component;
        return component;
      },
      (error: unknown) => {
        // A failed fetch may be tried again by the next render.
        pending = undefined;
        throw error;
      },
    );
    return pending;
  };
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  function Screen() {
    // Chosen once per mount: switching from `Lazy` to the loaded component on a later render
    // would mount the screen anew and lose its state.
    const [Component] = useState<ComponentType>(() => loaded ?? Lazy);
    return <Component />;
  }
  Screen.displayName = 'LazyScreen';
  return Object.assign(Screen, { preload });
}
