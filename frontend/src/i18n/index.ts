import i18n, { type BackendModule, type ResourceKey } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import { addFormatters } from './formatters';
import { memoiseTranslations } from './memo';
import en from './locales/en.json';

/** Languages of the app; English is the default. */
export const LANGUAGES = [
  { code: 'en', label: 'English' },
  { code: 'es', label: 'Español' },
  { code: 'de', label: 'Deutsch' },
  { code: 'fa', label: 'فارسی' },
] as const;

export type LanguageCode = (typeof LANGUAGES)[number]['code'];

/**
 * English, the fallback, comes with the app; the other catalogues are separate chunks fetched
 * when their language is chosen, so a first visit downloads one catalogue, not four.
 */
const LOADERS: Record<string, () => Promise<{ default: ResourceKey }>> = {
  es: () => import('./locales/es.json'),
  de: () => import('./locales/de.json'),
  fa: () => import('./locales/fa.json'),
};

const catalogues: BackendModule = {
  type: 'backend',
  init() {},
  read(language, _namespace, callback) {
    const load = LOADERS[language];
    if (!load) {
      callback(null, {});
      return;
    }
    load().then(
      (m) => callback(null, m.default),
      (e: unknown) => callback(e instanceof Error ? e : new Error(String(e)), null),
    );
  },
};

/** Marks the page with the language and its writing direction. */
function applyDocumentLanguage(lng: string) {
  if (typeof document === 'undefined') return;
  // The catalogue's language (`fa`), not the browser's tag it was found from (`fa-IR`).
  const shown = lng.split('-')[0] ?? lng;
  document.documentElement.lang = shown;
  document.documentElement.dir = i18n.dir(shown);
}

/** Settles once the reader's language is ready to show (its catalogue fetched if need be). */
export const i18nReady: Promise<unknown> = i18n
  .use(LanguageDetector)
  .use(catalogues)
  .use(initReactI18next)
  .init({
    resources: { en: { translation: en } },
    partialBundledLanguages: true,
    fallbackLng: 'en',
    supportedLngs: LANGUAGES.map((l) => l.code),
    nonExplicitSupportedLngs: true,
    load: 'languageOnly',
    interpolation: { escapeValue: false },
    returnNull: false,
    detection: {
      // The choice is kept in a cookie for 365 days and under `lng`.
      order: ['querystring', 'cookie', 'localStorage', 'navigator'],
      lookupQuerystring: 'lng',
      lookupCookie: 'lng',
      lookupLocalStorage: 'lng',
      caches: ['cookie', 'localStorage'],
      cookieMinutes: 365 * 24 * 60,
    },
  });

addFormatters(i18n);
memoiseTranslations(i18n);
i18n.on('languageChanged', applyDocumentLanguage);
applyDocumentLanguage(i18n.resolvedLanguage ?? 'en');

export default i18n;
