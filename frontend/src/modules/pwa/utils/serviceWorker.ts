/// <reference types="vite/client" />
import { Workbox } from 'workbox-window';
import { SERVICE_WORKER_URL } from './serviceWorkerUrl';

/** How often an open app asks the server for a new version. */
export const UPDATE_CHECK_MS = 60 * 60 * 1000;

/** What the app learns from its service worker. */
export interface ServiceWorkerHandlers {
  /** A new version is installed and waits for the open pages to let it take over. */
  onWaiting: () => void;
}

/** The registered worker and what the app can ask of it. */
export interface AppServiceWorker {
  /** Lets the waiting version take over, then reloads the page into it. */
  activateWaiting: () => void;
  /** Stops the periodic update checks. */
  stop: () => void;
}

/** True where the app registers its worker: a built app in a browser that has them. */
export function serviceWorkerSupported(): boolean {
  return import.meta.env.PROD && typeof navigator !== 'undefined' && 'serviceWorker' in navigator;
}

/**
 * Registers the service worker from a module script (the server's policy forbids inline
 * ones) and reports a waiting new version, including one already waiting at load.
 */
export function registerAppServiceWorker({ onWaiting }: ServiceWorkerHandlers): AppServiceWorker {
  const workbox = new Workbox(SERVICE_WORKER_URL, { scope: '/' });
  workbox.addEventListener('waiting', () => onWaiting());
  void workbox.register().catch(() => undefined);
  const timer = window.setInterval(() => {
    void workbox.update().catch(() => undefined);
  }, UPDATE_CHECK_MS);
  return {
    activateWaiting: () => {
      // The new version takes the page once it stops waiting: reload then, so the page runs
      // the code that version serves.
      navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
      workbox.messageSkipWaiting();
    },
    stop: () => window.clearInterval(timer),
  };
}
