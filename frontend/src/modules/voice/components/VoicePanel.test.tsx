import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '@/i18n';
import { tokenState } from '@/modules/auth/states/tokenState';
import { renderWithProviders } from '@/test/render';
import { VoicePanel } from './VoicePanel';

/** The assistant's answer as the server sends it: the audio, its texts in headers. */
const spoken = (answer: string, extra: Record<string, string> = {}) =>
  new Response(new Uint8Array([82, 73, 70, 70]), {
    status: 200,
    headers: { 'content-type': 'audio/wav', 'voice-answer': new URLSearchParams({ t: answer }).toString().slice(2), 'voice-intent': 'x', ...extra },
  });

function renderPanel() {
  return renderWithProviders(<VoicePanel storeId="s1" onClose={() => {}} />, {
    initializeState: (state) => state.set(tokenState, 'tok'),
  });
}

describe('VoicePanel', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('says so when the device has no audio input, and when the microphone is not allowed', async () => {
    await i18n.changeLanguage('en');
    vi.stubGlobal('navigator', { ...navigator, mediaDevices: undefined });
    renderPanel();
    fireEvent.pointerDown(screen.getByTestId('voice-talk'));
    expect(await screen.findByText('This device does not support audio input.')).toBeTruthy();

    const denied = new DOMException('no', 'NotAllowedError');
    vi.stubGlobal('navigator', { ...navigator, mediaDevices: { getUserMedia: () => Promise.reject(denied) } });
    vi.stubGlobal('AudioContext', class {});
    fireEvent.keyDown(screen.getByTestId('voice-talk'), { key: ' ' });
    expect(await screen.findByText('Allow microphone permission to speak to the assistant.')).toBeTruthy();
  });

  it('asks a typed command, shows the answer, and sends the confirmation of an action only on Confirm', async () => {
    await i18n.changeLanguage('en');
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    globalThis.URL.createObjectURL ??= () => 'blob:x';
    globalThis.URL.revokeObjectURL ??= () => {};
    const fetch = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValueOnce(spoken('Give the open shift to Ana? Confirm to go ahead.', { 'voice-confirmation': 'token-1', 'voice-transcript': 'give+the+open+shift+to+ana' }))
      .mockResolvedValueOnce(spoken('Ana has the shift tomorrow.'));
    renderPanel();
    await userEvent.type(screen.getByLabelText('Type a command'), 'give the open shift to ana');
    await userEvent.click(screen.getByRole('button', { name: 'Ask' }));
    expect((await screen.findByTestId('voice-answer')).textContent).toBe('Give the open shift to Ana? Confirm to go ahead.');
    expect(screen.getByTestId('voice-transcript').textContent).toBe('give the open shift to ana');
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/v1/voice-assistant');
    expect((init?.body as FormData).get('text')).toBe('give the open shift to ana');
    expect((init?.body as FormData).get('storeId')).toBe('s1');
    expect(fetch).toHaveBeenCalledTimes(1);

    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.getByTestId('voice-answer').textContent).toBe('Ana has the shift tomorrow.'));
    expect((fetch.mock.calls[1]![1]?.body as FormData).get('confirmation')).toBe('token-1');
    expect(screen.queryByRole('button', { name: 'Confirm' })).toBeNull();
  });

  it('in Spanish says commands are typed in Spanish, asks in the page language, and says plainly when an answer has no voice', async () => {
    await i18n.changeLanguage('es');
    document.documentElement.lang = 'es';
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    globalThis.URL.createObjectURL ??= () => 'blob:x';
    globalThis.URL.revokeObjectURL ??= () => {};
    const fetch = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValueOnce(spoken('Nadie trabaja mañana.', { 'content-language': 'es', 'voice-spoken': 'yes' }))
      .mockResolvedValueOnce(
        new Response(null, {
          status: 200,
          headers: { 'content-language': 'es', 'voice-spoken': 'no', 'voice-answer': new URLSearchParams({ t: 'Ya has fichado.' }).toString().slice(2) },
        }),
      );
    renderPanel();
    expect(screen.getByTestId('voice-language').textContent).toBe(
      'El reconocimiento de voz entiende inglés. Escribe tu orden en español; las respuestas se dicen en español.',
    );
    const input = screen.getByLabelText('Escribe una orden');
    expect(input.getAttribute('placeholder')).toBe('¿Quién trabaja mañana?');
    await userEvent.type(input, '¿Quién trabaja mañana?');
    await userEvent.click(screen.getByRole('button', { name: 'Preguntar' }));
    expect((await screen.findByTestId('voice-answer')).textContent).toBe('Nadie trabaja mañana.');
    expect(screen.getByTestId('voice-answer').getAttribute('lang')).toBe('es');
    expect((fetch.mock.calls[0]![1]?.headers as Record<string, string>)['accept-language']).toBe('es');
    expect(screen.getByTestId('voice-audio')).toBeTruthy();

    await userEvent.clear(input);
    await userEvent.type(input, 'ficha mi entrada');
    await userEvent.click(screen.getByRole('button', { name: 'Preguntar' }));
    await waitFor(() => expect(screen.getByTestId('voice-answer').textContent).toBe('Ya has fichado.'));
    expect(screen.queryByTestId('voice-audio')).toBeNull();
    expect(screen.getByText('Esta respuesta solo se muestra: este servidor no tiene voz para su idioma.')).toBeTruthy();
    expect(screen.getByTestId('voice-language').textContent).toContain('las respuestas solo se muestran');
    document.documentElement.lang = 'en';
    await i18n.changeLanguage('en');
  });

  it('shows the plan refusal in the catalogue words', async () => {
    await i18n.changeLanguage('en');
    vi.spyOn(globalThis, 'fetch').mockResolvedValueOnce(
      new Response(JSON.stringify({ code: 'plan_limit', message: 'The voice assistant needs the premium plan.', details: { limit: 'assistant', plan: 'free', lifting: 'premium' } }), {
        status: 403,
        headers: { 'content-type': 'application/json' },
      }),
    );
    renderPanel();
    await userEvent.type(screen.getByLabelText('Type a command'), 'who works today');
    await userEvent.click(screen.getByRole('button', { name: 'Ask' }));
    // The plan's name is set apart (Unicode isolates) from the sentence around it.
    expect((await screen.findByRole('alert')).textContent?.replace(/[\u2068\u2069]/g, '')).toBe('The voice assistant needs the Premium plan.');
  });
});
