import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * An account's instants (the last sign-in) in the reader's language and own zone (Intl): an
 * account belongs to no store, so no store's zone applies.
 */
export function useAccountFormats() {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  return useMemo(() => {
    const when = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
    return { when: (ms: number) => when.format(ms) };
  }, [language]);
}
