import '@fontsource/rubik/400.css';
import '@fontsource/rubik/500.css';
import '@fontsource/rubik/700.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { API_BASE } from '@/modules/api/client';
import { startSignedInReads } from '@/modules/api/earlyReads';
import { STORAGE_KEYS } from '@/modules/preferences/utils/localStorageEffect';
import { i18nReady } from './i18n';
import { App } from './App';
import { FIRST_SCREENS } from './screens';

const firstScreen = FIRST_SCREENS.find(({ path }) => path.test(window.location.pathname));

// The user, the store and its team are asked for now, while the rest of the app starts, and
// the first screen's own reads as soon as the store has answered.
startSignedInReads(API_BASE, { token: STORAGE_KEYS.token, currentStore: STORAGE_KEYS.currentStore }, firstScreen?.reads);

// A failed fetch is tried again when the screen is drawn.
if (firstScreen) void firstScreen.screen.preload().catch(() => undefined);

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
