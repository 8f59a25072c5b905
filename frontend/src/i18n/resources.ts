import de from './locales/de.json';
import en from './locales/en.json';
import es from './locales/es.json';
import fa from './locales/fa.json';

/**
 * Every catalogue at once, for checks that compare them. The app itself bundles English and
 * loads the others when they are chosen (see `index.ts`).
 */
export const resources = {
  en: { translation: en },
  es: { translation: es },
  de: { translation: de },
  fa: { translation: fa },
} as const;
