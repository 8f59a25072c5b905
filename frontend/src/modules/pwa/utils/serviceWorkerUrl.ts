/**
 * The app's service worker (built by vite-plugin-pwa from `vite.config.ts`): it keeps the app
 * shell for offline use and shows Web Push notifications (`public/push-sw.js`). Its own module,
 * so Web Push can name it without bringing Workbox's client into the app's first load.
 */
export const SERVICE_WORKER_URL = '/sw.js';
