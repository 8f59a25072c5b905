import { useCallback, useEffect, useRef, useState } from 'react';
import { afterFirstScreen } from '@/modules/app/utils/firstScreen';
import type { AppServiceWorker } from '../utils/serviceWorker';
import { appliesAtOnce } from '../utils/updatePolicy';

/** Whether a new version of the app waits, and the two answers the user can give. */
export interface AppUpdate {
  updateReady: boolean;
  /** Activates the new version and reloads into it. */
  reload: () => void;
  /** Hides the prompt for this visit; the new version takes over when the app is next opened. */
  dismiss: () => void;
}

/** Registers the app's service worker once and follows its updates (see `appliesAtOnce`). */
export function useAppUpdate(): AppUpdate {
  const [updateReady, setUpdateReady] = useState(false);
  const worker = useRef<AppServiceWorker | null>(null);

  useEffect(() => {
    let live = true;
    // Workbox's client is a chunk of its own, fetched once the first screen is drawn: the
    // worker registers after the page has loaded anyway, so it need not hold that screen back.
    const cancel = afterFirstScreen(() => void import('../utils/serviceWorker').then(({ registerAppServiceWorker, serviceWorkerSupported }) => {
      if (!live || !serviceWorkerSupported()) return;
      const registered = registerAppServiceWorker({
        onWaiting: () => {
          // Where nothing would be lost, the new version is taken without asking.
          if (appliesAtOnce(window.location.pathname)) registered.activateWaiting();
          else setUpdateReady(true);
        },
      });
      worker.current = registered;
    }));
    return () => {
      live = false;
      cancel();
      worker.current?.stop();
      worker.current = null;
    };
  }, []);

  const reload = useCallback(() => {
    setUpdateReady(false);
    worker.current?.activateWaiting();
  }, []);
  const dismiss = useCallback(() => setUpdateReady(false), []);

  return { updateReady, reload, dismiss };
}
