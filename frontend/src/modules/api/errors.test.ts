import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { resources } from '@/i18n/resources';
import { addFormatters } from '@/i18n/formatters';
import { ApiError } from './ApiError';
import { ERROR_KEYS, errorText } from './errors';

const refusal = (code: string, details?: unknown) => new ApiError({ code, message: 'server text', details } as never, 400);

async function lang(lng: string) {
  const i = i18next.createInstance();
  await i.init({ lng, resources, interpolation: { escapeValue: false } });
  addFormatters(i);
  return i.t;
}

/** The text without the direction isolates around its parameters. */
const plain = (text: string) => text.replace(/[\u2068\u2069]/g, '');

describe('rule errors', () => {
  it('are worded in the reader’s language from the server’s parameters', async () => {
    const conflict = refusal('shift_conflict', { type: 2, name: 'Ana Lopez', count: 1, from: '09:00', to: '12:00' });
    expect(plain(errorText(await lang('en'), conflict))).toBe('Ana Lopez has 1 other shift(s) from 09:00 to 12:00 that is conflicting with the current shift.');
    const fa = errorText(await lang('fa'), conflict);
    expect(plain(fa)).toBe('Ana Lopez ۱ شیفت دیگر از ۰۹:۰۰ تا ۱۲:۰۰ دارد که با این شیفت تداخل دارد.');
    // The Latin name is isolated, so the Persian sentence keeps its full stop at its end.
    expect(fa.startsWith('\u2068Ana Lopez\u2069')).toBe(true);
    const two = refusal('shift_conflict', { type: 2, name: 'Ana', count: 2, from: '09:00', to: '18:00' });
    expect(plain(errorText(await lang('de'), two))).toBe('Ana hat 2 andere Schichten von 09:00 bis 18:00, die sich mit dieser überschneiden.');
    // The update call's conflict names no count.
    expect(plain(errorText(await lang('es'), refusal('shift_conflict', { type: 2, name: 'Ana' })))).toBe('Ana tiene otros turnos que coinciden con este.');
    expect(plain(errorText(await lang('en'), refusal('mismatched_roles', { type: 3, name: 'Bo' })))).toBe('Bo does not have the role of this shift.');
  });

  it('keep the server’s text for a code the app does not word', async () => {
    expect(errorText(await lang('fa'), refusal('some_new_rule'))).toBe('server text');
  });

  it('have a text in every language for every code the app words', async () => {
    for (const lng of ['en', 'de', 'es', 'fa'] as const) {
      const i = i18next.createInstance();
      await i.init({ lng, resources, fallbackLng: false });
      for (const [code, entry] of Object.entries(ERROR_KEYS)) {
        const keys = typeof entry === 'string' ? [entry] : [entry({ count: 1 }), entry({})];
        for (const key of keys) expect(i.exists(key, { count: 1 }), `${lng} ${code} ${key}`).toBe(true);
      }
    }
  });
});
