import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** Dates, numbers and reading times of the blog's screens in the reader's language (Intl). */
export function useBlogFormats() {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  return useMemo(() => {
    const when = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
    const number = new Intl.NumberFormat(language);
    return {
      when: (ms: number) => when.format(ms),
      number: (n: number) => number.format(n),
      /** Whole minutes of a duration in seconds, at least one. */
      minutes: (seconds: number) => number.format(Math.max(1, Math.ceil(seconds / 60))),
    };
  }, [language]);
}
