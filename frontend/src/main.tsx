import '@fontsource/rubik/400.css';
import '@fontsource/rubik/500.css';
import '@fontsource/rubik/700.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { i18nReady } from './i18n';
import { App } from './App';

/**
 * The code of the screen the address names, fetched now beside the app's own instead of after
 * the sign-in and store reads that come before the screen is drawn. `lazy` in `App` asks for
 * the same modules and finds them loaded.
 */
const FIRST_SCREENS: [RegExp, () => Promise<unknown>][] = [
  [/^\/schedule\/?$/, () => import('@/pages/SchedulePage')],
  [/^\/home\/?$/, () => import('@/pages/EmployeeHomePage')],
  [/^\/dashboard\/?$/, () => import('@/pages/DashboardPage')],
];
const firstScreen = FIRST_SCREENS.find(([path]) => path.test(window.location.pathname));
// A failed fetch is retried by `lazy` when the screen is drawn.
if (firstScreen) void firstScreen[1]().catch(() => undefined);

const root = document.getElementById('root');
if (root) {
  // The reader's catalogue first (English is already here); then the first render, which
  // yields to the browser between components instead of holding the main thread for the
  // whole tree, so a phone stays responsive while the app starts.
  void i18nReady.finally(() => {
    startTransition(() => {
      createRoot(root).render(
        <StrictMode>
          <App />
        </StrictMode>,
      );
    });
  });
}
