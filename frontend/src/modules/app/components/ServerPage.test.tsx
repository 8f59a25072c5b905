import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { ThemeProvider } from 'styled-components';
import { describe, expect, it, vi } from 'vitest';
import { buildTheme } from '@/modules/ui/theme/theme';
import { loadFromServer } from '../utils/serverPage';
import { ServerPage } from './ServerPage';

vi.mock('../utils/serverPage', () => ({ loadFromServer: vi.fn() }));

describe('ServerPage', () => {
  it('hands a public page the router reached to the server, with its query', () => {
    render(
      <ThemeProvider theme={buildTheme('default', false, 'ltr')}>
        <MemoryRouter initialEntries={['/pricing?lang=de']}>
          <Routes>
            <Route path="/pricing" element={<ServerPage />} />
          </Routes>
        </MemoryRouter>
      </ThemeProvider>,
    );
    expect(loadFromServer).toHaveBeenCalledWith('/pricing?lang=de');
  });
});
