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

  it('word a plan’s refusals from its code and details, naming the plans in the reader’s language', async () => {
    const limit = refusal('plan_limit', { limit: 'employees', plan: 'free', allowed: 5, lifting: 'starter' });
    expect(plain(errorText(await lang('en'), limit))).toBe('The Free plan allows 5 employees. Upgrade to Starter to add more.');
    expect(plain(errorText(await lang('de'), limit))).toBe('Der Tarif „Kostenlos“ erlaubt 5 Mitarbeitende. Wechsle zu „Starter“, um mehr hinzuzufügen.');
    expect(plain(errorText(await lang('es'), limit))).toBe('El plan Gratis permite 5 empleados. Pasa al plan Inicial para añadir más.');
    expect(plain(errorText(await lang('fa'), limit))).toBe('طرح رایگان تا ۵ کارمند را می‌پذیرد. برای افزودن بیشتر، به طرح آغازین ارتقا دهید.');
    // The plan's name keeps the isolates the details carry.
    expect(errorText(await lang('fa'), limit)).toContain('\u2068رایگان\u2069');

    const top = refusal('plan_limit', { limit: 'roles', plan: 'basic', allowed: 40, lifting: null });
    expect(plain(errorText(await lang('en'), top))).toBe('The Basic plan allows 40 roles.');
    const readOnly = refusal('plan_read_only', { limit: 'employees', plan: 'free', allowed: 5, count: 8, lifting: 'starter' });
    expect(plain(errorText(await lang('en'), readOnly))).toBe(
      'The Free plan allows 5 employees and this store has 8: the newest are read-only until it fits. Upgrade to Starter, or deactivate employees.',
    );
    expect(plain(errorText(await lang('es'), refusal('plan_read_only', { limit: 'roles', plan: 'premium', allowed: 3, count: 4, lifting: null })))).toBe(
      'El plan Premium permite 3 puestos y esta tienda tiene 4: los más recientes son de solo lectura hasta que quepa. Elimina puestos para hacer sitio.',
    );
    expect(plain(errorText(await lang('de'), refusal('plan_limit', { limit: 'assistant', plan: 'basic', lifting: 'premium' })))).toBe(
      'Der Sprachassistent braucht den Tarif „Premium“.',
    );
    expect(plain(errorText(await lang('en'), refusal('billing_off')))).toBe('Plans are not sold on this server: every store is unlimited.');
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
