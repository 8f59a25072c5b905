import { render } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { ThemeProvider } from 'styled-components';
import { buildTheme } from '@/modules/ui/theme/theme';

/** The app's state as a test sets it up before rendering. */
export type StateSetup = (state: ReturnType<typeof createStore>) => void;

/** Renders with state, theme and a router, as the app does. */
export function renderWithProviders(ui: ReactElement, { initializeState, route = '/' }: { initializeState?: StateSetup; route?: string } = {}) {
  const state = createStore();
  initializeState?.(state);
  return render(
    <Provider store={state}>
      <ThemeProvider theme={buildTheme('default', false, 'ltr')}>
        <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
      </ThemeProvider>
    </Provider>,
  );
}
