import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { resources } from '@/i18n/resources';
import { NOTIFICATION_CODES, notificationText } from './notificationText';

async function lang(lng: string) {
  const i = i18next.createInstance();
  await i.init({ lng, resources, interpolation: { escapeValue: false } });
  return i.t;
}

/** Without direction isolates, and with `Intl`'s narrow spaces as plain ones. */
const plain = (text: string) => text.replace(/[\u2068\u2069]/g, '').replace(/[\u2009\u202f]/g, ' ');
const BERLIN = 'Europe/Berlin';
// 2026-07-01 07:30 UTC: 09:30 in Berlin.
const START = Date.UTC(2026, 6, 1, 7, 30);

const declined = {
  title: 'Shift declined',
  content: 'Ana declined the shift Opening on 07/01 09:30.',
  code: 'shiftDeclined',
  params: { employee: 'Ana', title: 'Opening', start: START },
};

describe('notification texts', () => {
  it('are worded from the code in the reader’s language, the start in the store’s zone', async () => {
    const en = notificationText(await lang('en'), declined, BERLIN, 'en');
    expect(en.title).toBe('Shift declined');
    expect(plain(en.content)).toBe('Ana declined the shift Opening on Jul 1, 2026, 09:30.');
    const de = notificationText(await lang('de'), declined, BERLIN, 'de');
    expect(plain(de.content)).toBe('Ana hat die Schicht Opening am 01.07.2026, 09:30 abgelehnt.');
    const fa = notificationText(await lang('fa'), declined, BERLIN, 'fa');
    expect(fa.title).toBe('شیفت رد شد');
    // Persian digits, and the Latin name set apart so the full stop stays at the sentence's end.
    expect(fa.content).toMatch(/۹:۳۰/);
    expect(fa.content.startsWith('\u2068Ana\u2069')).toBe(true);
    expect(fa.content.endsWith('.')).toBe(true);
    expect(fa.content).not.toMatch(/[0-9]/);
  });

  it('name time off by its dates: entire days as a range of days, otherwise with times', async () => {
    const t = await lang('en');
    const days = notificationText(
      t,
      {
        title: 'Time off approved',
        content: '',
        code: 'timeOffApproved',
        params: { start: Date.UTC(2026, 4, 3, 22), end: Date.UTC(2026, 4, 6, 21, 59, 59, 999), entireDay: true },
      },
      BERLIN,
      'en',
    );
    expect(plain(days.content)).toBe('Your time off request for May 4 – 6, 2026 was approved.');
    const hours = notificationText(
      t,
      {
        title: '',
        content: '',
        code: 'timeOffRequested',
        params: { employee: 'Bo', start: Date.UTC(2026, 4, 4, 7), end: Date.UTC(2026, 4, 4, 10), entireDay: false },
      },
      BERLIN,
      'en',
    );
    expect(plain(hours.content)).toMatch(/^Bo requested time off: May 4, 2026, 09:00\s?–\s?12:00$/);
  });

  it('keep the words of a person or of an unknown code as they are', async () => {
    const t = await lang('es');
    const written = { title: 'Closed Monday', content: 'We open at noon.', code: null, params: {} };
    expect(notificationText(t, written, BERLIN, 'es')).toEqual({ title: 'Closed Monday', content: 'We open at noon.' });
    const newer = { ...written, code: 'somethingNew', params: { start: START } };
    expect(notificationText(t, newer, BERLIN, 'es').title).toBe('Closed Monday');
  });

  it('word a chat message with its conversation and keep the preview as written', async () => {
    const t = await lang('es');
    const text = notificationText(
      t,
      { title: '', content: '', code: 'mentionedIn', params: { sender: 'Ana', conversation: 'Team', preview: '@Bo hola' } },
      BERLIN,
      'es',
    );
    expect(plain(text.title)).toBe('Ana te mencionó en Team');
    expect(text.content).toBe('@Bo hola');
  });

  it('have every code in every language', async () => {
    for (const lng of ['en', 'de', 'es', 'fa']) {
      const t = await lang(lng);
      for (const code of NOTIFICATION_CODES) {
        const key = `notifications.texts.${code}.title`;
        expect(t(key), `${lng} ${code}`).not.toBe(key);
      }
    }
  });
});
