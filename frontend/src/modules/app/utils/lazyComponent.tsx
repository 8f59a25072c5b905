import { lazy, useState, type ComponentType } from 'react';

/** A component whose code loads on first render, and can be asked for ahead of it. */
export type LazyComponent<P extends object = object> = ((props: P) => JSX.Element) & { preload: () => Promise<unknown> };

/**
 * `React.lazy` with a `preload`, for screens and for the parts of one that are drawn only on
 * demand (dialogs). React 18's `lazy` suspends on its first render even when the module is
 * already loaded, and the reveal after a suspension is held back (up to half a second, longer
 * while other updates arrive), so a screen's own reads would start late. A component preloaded
 * in time renders at once; otherwise it suspends as `lazy` does.
 */
export function lazyComponent<P extends object = object>(load: () => Promise<ComponentType<P>>): LazyComponent<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<ComponentType<P>> | undefined;
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
  function Loaded(props: P) {
    // Chosen once per mount: switching from `Lazy` to the loaded component on a later render
    // would mount it anew and lose its state.
    const [Component] = useState<ComponentType<P>>(() => loaded ?? (Lazy as unknown as ComponentType<P>));
    return <Component {...props} />;
  }
  Loaded.displayName = 'LazyComponent';
  return Object.assign(Loaded, { preload });
}
