import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '@/i18n';
import { tokenState } from '@/modules/auth/states/tokenState';
import { SnackbarHost } from '@/modules/snackbar/components/SnackbarHost';
import { renderWithProviders } from '@/test/render';
import type { SurveyEntry, SurveyView } from '../utils/surveys';
import { SurveyCard } from './SurveyCard';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const survey = (over: Partial<SurveyEntry> = {}): SurveyEntry => ({
  id: 's1',
  conversation: 'c1',
  message: 'm1',
  author: 'e-author',
  question: 'Who works on Sunday?',
  mode: 'poll',
  answers: ['Me', 'Not me'],
  isMultiple: false,
  isAnonymous: false,
  status: 'open',
  results: [0, 0],
  participants: 0,
  voters: [],
  responses: [],
  estimatedSeconds: 3,
  timestamp: 0,
  voted: false,
  ...over,
});

function renderCard(entry: SurveyEntry, manages: boolean, onChanged = vi.fn()) {
  renderWithProviders(
    <>
      <SurveyCard survey={entry} storeId="st1" manages={manages} onChanged={onChanged} />
      <SnackbarHost />
    </>,
    { initializeState: (state) => state.set(tokenState, 'tok') },
  );
  return onChanged;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('SurveyCard', () => {
  it('shows how long the poll takes to read, in whole seconds', async () => {
    await i18n.changeLanguage('en');
    renderCard(survey(), false);
    expect(screen.getByTestId('reading-time').textContent).toBe('3 s to read');
  });

  it('offers its author or a manager to change, close and delete it; others only vote', async () => {
    await i18n.changeLanguage('en');
    renderCard(survey(), false);
    expect(screen.queryByTestId('survey-actions')).toBeNull();
    expect(screen.getAllByTestId('survey-answer')).toHaveLength(2);
  });

  it('closes the poll once confirmed, and shows its results to everyone', async () => {
    await i18n.changeLanguage('en');
    const closed: SurveyView = { ...survey(), status: 'closed', participants: 1, results: [100, 0] };
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(json({ data: closed }));
    const onChanged = renderCard(survey(), true);
    expect(screen.getByTestId('survey-edit')).toBeTruthy();
    await userEvent.click(screen.getByTestId('survey-close'));
    await userEvent.click(screen.getByTestId('confirm'));
    await waitFor(() => expect(onChanged).toHaveBeenCalledWith(closed));
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/v1/updateSurvey');
    expect(JSON.parse(init?.body as string)).toEqual({ store: 'st1', surveyId: 's1', action: 'close' });
    expect((await screen.findByTestId('snackbar')).textContent).toBe('Poll closed.');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says why a change is refused in the reader’s language, from the server’s code', async () => {
    await i18n.changeLanguage('de');
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(json({ code: 'survey_has_votes', message: 'A survey can be changed only before anyone votes.' }, 409));
    renderCard(survey(), true);
    await userEvent.click(screen.getByTestId('survey-edit'));
    await userEvent.clear(screen.getByTestId('poll-question'));
    await userEvent.type(screen.getByTestId('poll-question'), 'Wer arbeitet am Samstag?');
    await userEvent.click(screen.getByTestId('poll-post'));
    expect((await screen.findByTestId('snackbar')).textContent).toBe('Eine Umfrage lässt sich nur ändern, bevor jemand abstimmt.');
    // The form stays, to be corrected or cancelled.
    await waitFor(() => expect((screen.getByTestId('poll-post') as HTMLButtonElement).disabled).toBe(false));
    await i18n.changeLanguage('en');
  });

  it('shows a closed poll’s results without asking for a vote', async () => {
    await i18n.changeLanguage('en');
    renderCard(survey({ status: 'closed', results: [50, 50], participants: 2 }), true);
    expect(screen.queryAllByTestId('survey-answer')).toHaveLength(0);
    expect(screen.getAllByTestId('survey-result').map((r) => r.textContent)).toEqual(['50%', '50%']);
    expect(screen.queryByTestId('survey-close')).toBeNull();
    expect(screen.queryByTestId('survey-edit')).toBeNull();
    expect(screen.getByTestId('survey-closed').textContent).toBe('Closed');
  });
});
