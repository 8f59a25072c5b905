import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '@/i18n';
import { tokenState } from '@/modules/auth/states/tokenState';
import { SnackbarHost } from '@/modules/snackbar/components/SnackbarHost';
import { currentStoreIdState } from '@/modules/stores/states/currentStoreIdState';
import { renderWithProviders } from '@/test/render';
import { SheetTools } from './SheetTools';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const role = (row: number, title: string, id: string | null = null) => ({
  row,
  id,
  title,
  color: '#123456',
  requireUserAction: false,
  swappeable: true,
});

function renderTools() {
  return renderWithProviders(<SheetTools kind="roles" />, {
    route: '/team?tab=Role',
    initializeState: (state) => {
      state.set(tokenState, 'tok');
      state.set(currentStoreIdState, 's1');
    },
  });
}

const file = () => new File(['title\nCook\n'], 'roles.csv', { type: 'text/csv' });

describe('SheetTools', () => {
  afterEach(() => vi.restoreAllMocks());

  it('uploads, shows the new and updated rows, and confirms the temporary document', async () => {
    await i18n.changeLanguage('en');
    const fetch = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValueOnce(json({ success: true, id: 'doc-1', expires: 0, data: { new: [role(2, 'Cook')], update: [role(3, 'Barista', 'r1')] } }))
      .mockResolvedValueOnce(json({ data: { created: 1, updated: 1 } }))
      .mockResolvedValue(json({ data: null }));
    renderTools();
    await userEvent.upload(screen.getByTestId('import-roles-file'), file());
    const review = await screen.findByTestId('import-review');
    expect(review.textContent).toContain('1 new');
    expect(review.textContent).toContain('Cook');
    expect(review.textContent).toContain('1 updated');
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/v1/importRoles');
    expect((init?.body as FormData).get('storeId')).toBe('s1');

    await userEvent.click(screen.getByTestId('import-confirm'));
    await waitFor(() => expect(fetch.mock.calls.length).toBeGreaterThanOrEqual(2));
    const [confirmUrl, confirmInit] = fetch.mock.calls[1]!;
    expect(confirmUrl).toBe('/api/v1/confirmImportedRoles');
    expect(JSON.parse(String(confirmInit?.body))).toEqual({ storeId: 's1', tempDocId: 'doc-1' });
  });

  it('lists every bad row and imports nothing', async () => {
    await i18n.changeLanguage('en');
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      json(
        {
          code: 'invalid_rows',
          message: 'The file has 2 errors.',
          details: {
            errors: [
              { row: 2, column: 'title', text: 'title is required.' },
              { row: 4, column: 'swappeable', text: 'swappeable must be yes or no, not "maybe".' },
            ],
          },
        },
        400,
      ),
    );
    renderTools();
    await userEvent.upload(screen.getByTestId('import-roles-file'), file());
    const errors = await screen.findByTestId('import-errors');
    expect([...errors.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'Row 2, title: title is required.',
      'Row 4, swappeable: swappeable must be yes or no, not "maybe".',
    ]);
    expect(screen.queryByTestId('import-confirm')).toBeNull();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('says what the plan allows when the import would pass its limit', async () => {
    await i18n.changeLanguage('de');
    vi.spyOn(globalThis, 'fetch')
      .mockResolvedValueOnce(json({ success: true, id: 'doc-3', expires: 0, data: { new: [role(2, 'Cook'), role(3, 'Host')], update: [] } }))
      .mockResolvedValueOnce(
        json(
          {
            code: 'plan_limit',
            message: 'The free plan allows 3 roles. Upgrade to starter to add more.',
            details: { limit: 'roles', plan: 'free', allowed: 3, lifting: 'starter' },
          },
          403,
        ),
      );
    renderWithProviders(
      <>
        <SheetTools kind="roles" />
        <SnackbarHost />
      </>,
      {
        route: '/team?tab=Role',
        initializeState: (state) => {
          state.set(tokenState, 'tok');
          state.set(currentStoreIdState, 's1');
        },
      },
    );
    await userEvent.upload(screen.getByTestId('import-roles-file'), file());
    await userEvent.click(await screen.findByTestId('import-confirm'));
    expect((await screen.findByText(/erlaubt/)).textContent?.replace(/[\u2068\u2069]/g, '')).toBe(
      'Der Tarif „Kostenlos“ erlaubt 3 Rollen. Wechsle zu „Starter“, um mehr hinzuzufügen.',
    );
    await i18n.changeLanguage('en');
  });

  it('imports templates through their own calls and exports the tab\'s kind', async () => {
    await i18n.changeLanguage('en');
    const template = { row: 2, id: null, title: 'Opening', kind: 'shift', shifts: [] };
    const fetch = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValueOnce(json({ success: true, id: 'doc-2', expires: 0, data: { new: [template], update: [] } }))
      .mockResolvedValueOnce(json({ data: { created: 1, updated: 0 } }))
      .mockResolvedValue(new Response('x', { status: 200, headers: { 'content-disposition': 'attachment; filename="t.csv"' } }));
    renderWithProviders(<SheetTools kind="shiftTemplates" exportKind="weeklyTemplates" />, {
      route: '/schedule/templates?tab=weekly',
      initializeState: (state) => {
        state.set(tokenState, 'tok');
        state.set(currentStoreIdState, 's1');
      },
    });
    await userEvent.upload(screen.getByTestId('import-shiftTemplates-file'), file());
    expect((await screen.findByTestId('import-review')).textContent).toContain('Opening');
    expect(fetch.mock.calls[0]![0]).toBe('/api/v1/importShiftTemplates');
    await userEvent.click(screen.getByTestId('import-confirm'));
    await waitFor(() => expect(fetch.mock.calls.length).toBe(2));
    expect(fetch.mock.calls[1]![0]).toBe('/api/v1/confirmImportedShiftTemplates');
    await userEvent.click(screen.getByTestId('export-weeklyTemplates-csv'));
    await waitFor(() => expect(fetch.mock.calls.length).toBe(3));
    expect(String(fetch.mock.calls[2]![0])).toContain('/api/v1/stores/s1/exports/weeklyTemplates?format=csv');
  });
});
