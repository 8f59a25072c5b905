import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** Dates and numbers of support screens in the reader's language and zone (Intl). */
export function useSupportFormats() {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  return useMemo(() => {
    const when = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
    const number = new Intl.NumberFormat(language, { useGrouping: false });
    return {
      when: (ms: number) => when.format(ms),
      number: (n: number) => number.format(n),
    };
  }, [language]);
}
