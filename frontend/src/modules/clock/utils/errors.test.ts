import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/modules/api/ApiError';
import { ERROR_KEYS, errorText } from '@/modules/api/errors';
import { resources } from '@/i18n/resources';
import { clockErrorParams } from './errors';

const refusal = (code: string, details?: unknown) => new ApiError({ code, message: 'server text', details } as never, 409);

async function lang(lng: string) {
  const i = i18next.createInstance();
  await i.init({ lng, resources, interpolation: { escapeValue: false } });
  return i.t;
}

describe('clock refusals', () => {
  it('are rendered from their code and details in the reader language', async () => {
    const en = await lang('en');
    expect(errorText(en, refusal('clock_outside', { distance: 240, radius: 100 }))).toBe(
      'You are 240 m from the store; clocking needs you within 100 m.',
    );
    expect(errorText(en, refusal('clock_punch_too_old', { hours: 72 }))).toContain('72 hours');
    const de = await lang('de');
    expect(errorText(de, refusal('clock_needs_code'))).not.toBe(errorText(en, refusal('clock_needs_code')));
  });

  it('show the start of the window in the store zone', async () => {
    const en = await lang('en');
    const e = refusal('clock_too_early', { from: Date.UTC(2026, 10, 23, 8, 30) });
    expect(errorText(en, e, clockErrorParams(e, 'Europe/Berlin'))).toBe('This shift can be started from 09:30.');
  });

  it('have a text in every language for every clock code', async () => {
    const clock = Object.entries(ERROR_KEYS).filter(([code]) => /^(clock_|proposal_|period_)/.test(code));
    expect(clock.length).toBeGreaterThanOrEqual(23);
    for (const lng of ['en', 'de', 'es', 'fa'] as const) {
      const t = i18next.createInstance();
      await t.init({ lng, resources, fallbackLng: false });
      for (const [, key] of clock) if (typeof key === 'string') expect(t.exists(key), `${lng} ${key}`).toBe(true);
    }
  });
});
