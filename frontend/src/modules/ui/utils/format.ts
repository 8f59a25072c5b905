/**
 * Dates, times, numbers and money as the reader reads them: through `Intl`, in their
 * language (so Persian gets Persian digits everywhere, not only where a number happened to
 * go through `Intl`) and, for instants, in the store's time zone.
 */

/** Formatters by locale and options: a board draws hundreds of times, a formatter is costly. */
const clocks = new Map<string, Intl.DateTimeFormat>();
const dates = new Map<string, Intl.DateTimeFormat>();
const numbers = new Map<string, Intl.NumberFormat>();

/** The formatter kept under `key`, made once. Options `Intl` refuses throw in `make`, and nothing is kept. */
function kept<F>(formatters: Map<string, F>, key: string, make: () => F): F {
  let f = formatters.get(key);
  if (!f) {
    f = make();
    formatters.set(key, f);
  }
  return f;
}

function numberFormat(locale: string | undefined, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  return kept(numbers, `${locale ?? ''}|${JSON.stringify(options)}`, () => new Intl.NumberFormat(locale, options));
}

/** `18:37` of `at` in `zone`, on a 24-hour clock, in the digits of `locale`. */
export function formatTime(at: number, zone: string, locale: string | undefined): string {
  const make = () => new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: zone });
  return kept(clocks, `${locale ?? ''}|${zone}`, make).format(at);
}

/** The calendar day of `at` in `zone` (`Dec 1, 2026`), as the language of `locale` writes a date. */
export function formatDate(at: number, zone: string, locale: string | undefined): string {
  const make = () => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: zone });
  return kept(dates, `${locale ?? ''}|${zone}`, make).format(at);
}

/** `09:00–17:00`: a shift's or window's clock times; `end` omitted for an open end. */
export function formatTimeRange(start: number, end: number | null, zone: string, locale: string | undefined): string {
  return `${formatTime(start, zone, locale)}–${end === null ? '…' : formatTime(end, zone, locale)}`;
}

/**
 * A local clock time typed as `HH:mm` (availability windows, form values), in the digits of
 * `locale`. Text that is not a time is returned as it is.
 */
export function formatClockText(hhmm: string, locale: string | undefined): string {
  const m = /^(\d{1,2}):(\d{2})$/.exec(hhmm);
  if (!m) return hhmm;
  return formatTime(Date.UTC(1970, 0, 1, Number(m[1]), Number(m[2])), 'UTC', locale);
}

/** A count or a measure (`12`, `7.5`) in the digits of `locale`. */
export function formatNumber(value: number, locale: string | undefined, maximumFractionDigits = 2): string {
  return numberFormat(locale, { maximumFractionDigits }).format(value);
}

/** An amount of money with its currency (an ISO 4217 code such as `EUR`). */
export function formatMoney(amount: number, currency: string, locale: string | undefined): string {
  try {
    return numberFormat(locale, { style: 'currency', currency }).format(amount);
  } catch {
    // A code `Intl` does not know: the amount, then the code as the store wrote it.
    return `${formatNumber(amount, locale)} ${currency}`;
  }
}

/** A running duration `h:mm:ss` (a clock session's time so far), in the digits of `locale`. */
export function formatElapsed(ms: number, locale: string | undefined): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const two = numberFormat(locale, { minimumIntegerDigits: 2, useGrouping: false });
  const one = numberFormat(locale, { useGrouping: false });
  return `${one.format(Math.floor(total / 3600))}:${two.format(Math.floor(total / 60) % 60)}:${two.format(total % 60)}`;
}
