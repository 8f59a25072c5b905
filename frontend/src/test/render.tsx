import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { RecoilRoot, type MutableSnapshot } from 'recoil';
import { ThemeProvider } from 'styled-components';
import { buildTheme } from '@/modules/ui/theme/theme';

/** Renders with state, theme and a router, as the app does. */
export function renderWithProviders(
  ui: ReactElement,
  { initializeState, route = '/' }: { initializeState?: (snap: MutableSnapshot) => void; route?: string } = {},
) {
  return render(
    <RecoilRoot initializeState={initializeState}>
      <ThemeProvider theme={buildTheme('default', false, 'ltr')}>
        <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
      </ThemeProvider>
    </RecoilRoot>,
  );
}
