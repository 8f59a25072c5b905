import i18next, { type i18n as I18n } from 'i18next';
import { vi } from 'vitest';
import { memoiseTranslations } from './memo';

/** i18next's translator, which resolves each call the cache lets through. */
const translator = (i: I18n) => (i as unknown as { translator: { translate: (...args: unknown[]) => unknown } }).translator;

async function instance(): Promise<I18n> {
  const i = i18next.createInstance();
  await i.init({
    lng: 'en',
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
    resources: {
      en: { translation: { add: 'Add a shift for {{name}}', hours_one: '{{count}} hour', hours_other: '{{count}} hours', board: 'Board' } },
      de: { translation: { add: 'Schicht für {{name}} anlegen', board: 'Plan' } },
    },
  });
  memoiseTranslations(i);
  return i;
}

describe('memoiseTranslations', () => {
  it('resolves a key with the same plain options once, through t and a fixed t', async () => {
    const i = await instance();
    const translate = vi.spyOn(translator(i), 'translate');
    const t = i.getFixedT(null, 'translation');
    expect(t('add', { name: 'Ana' })).toBe('Add a shift for Ana');
    expect(t('add', { name: 'Ana' })).toBe('Add a shift for Ana');
    expect(i.t('add', { name: 'Ana' })).toBe('Add a shift for Ana');
    expect(translate).toHaveBeenCalledTimes(2);
    expect(t('add', { name: 'Bo' })).toBe('Add a shift for Bo');
    expect(t('hours', { count: 1 })).toBe('1 hour');
    expect(t('hours', { count: 3 })).toBe('3 hours');
    expect(t('hours', { count: 3 })).toBe('3 hours');
    expect(translate).toHaveBeenCalledTimes(5);
  });

  it('answers in the new language after a change', async () => {
    const i = await instance();
    const t = i.getFixedT(null, 'translation');
    expect(t('board')).toBe('Board');
    await i.changeLanguage('de');
    expect(t('board')).toBe('Plan');
    expect(t('add', { name: 'Ana' })).toBe('Schicht für Ana anlegen');
  });

  it('forgets its answers when a catalogue changes', async () => {
    const i = await instance();
    expect(i.t('board')).toBe('Board');
    i.addResourceBundle('en', 'translation', { board: 'Schedule' }, true, true);
    expect(i.t('board')).toBe('Schedule');
  });

  it('leaves calls with options that are not plain values to i18next each time', async () => {
    const i = await instance();
    const translate = vi.spyOn(translator(i), 'translate');
    const name = { toString: () => 'Ana' };
    i.t('add', { name } as never);
    i.t('add', { name } as never);
    i.t(['missing', 'board']);
    i.t(['missing', 'board']);
    expect(translate).toHaveBeenCalledTimes(4);
  });
});
