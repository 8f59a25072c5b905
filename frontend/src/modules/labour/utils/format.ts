/** "Mon 16 Nov, 09:00 – 17:00" in the reader's language and the store's zone. */
export function formatDateTimeRange(start: number, end: number, zone: string, locale: string | undefined): string {
  const f = new Intl.DateTimeFormat(locale, { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', timeZone: zone });
  return f.formatRange(start, end);
}
