import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentStore } from '@/modules/stores/hooks/useCurrentStore';
import { formatDate } from '@/modules/ui/utils/format';
import { formatCents } from '../utils/prices';

/** Money in the reader's language, and dates on the store's calendar (its time zone). */
export function useBillingFormats() {
  const { i18n } = useTranslation();
  const { store } = useCurrentStore();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const zone = store?.timezoneReference ?? 'UTC';
  return useMemo(
    () => ({
      date: (at: number) => formatDate(at, zone, language),
      money: (cents: number, currency: string) => formatCents(cents, currency, language),
    }),
    [zone, language],
  );
}
