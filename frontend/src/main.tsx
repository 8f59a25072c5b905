// First: the startup frame's mode and the reads of a signed-in start (where the app is built,
// this runs ahead of the app's scripts).
import './start';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { fetchFontLater } from '@/modules/app/utils/appFont';
import { holdForFirstScreen } from '@/modules/app/utils/firstScreen';
import { STORAGE_KEYS } from '@/modules/preferences/utils/storageKeys';
import { i18nReady } from './i18n';
import { App } from './App';
import { firstScreenAt } from './firstScreens';
import { FIRST_SCREENS } from './screens';

// The first screen's code, asked for by `start.ts`, is taken as the screen's own, so the screen
// renders without suspending. A failed fetch is tried again when the screen is drawn.
const first = firstScreenAt(window.location.pathname);
if (first) {
  void FIRST_SCREENS.get(first.load)?.preload().catch(() => undefined);
  // What the first screen does not need waits until it is drawn (`firstScreen.ts`).
  holdForFirstScreen();
}

fetchFontLater(STORAGE_KEYS.fontReady);

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
