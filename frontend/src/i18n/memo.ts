import type { i18n as I18n } from 'i18next';

/** Answers kept at most; past it the cache starts again (a board of 200 rows asks a few thousand). */
const MAX_ENTRIES = 10_000;

/** Options whose values are all strings, numbers, booleans, null or undefined, as a cache key's part. */
function plainOptions(options: unknown): string | undefined {
  if (options === undefined) return '';
  if (typeof options !== 'object' || options === null || Array.isArray(options)) return undefined;
  for (const value of Object.values(options)) {
    const kind = typeof value;
    if (value !== null && kind !== 'string' && kind !== 'number' && kind !== 'boolean' && kind !== 'undefined') return undefined;
  }
  return JSON.stringify(options);
}

/**
 * Keeps what `t` answered for a key and its options, for the language of the moment. The
 * board asks for the same texts for every cell and again on each redraw ("Add a shift for
 * Ana on Mon 23", "12 h"), and i18next resolves each call anew: on a phone that was a tenth of
 * the board's first load. Only calls whose options are plain values are kept, and only
 * string answers; the cache is dropped when the language changes or a catalogue arrives.
 */
export function memoiseTranslations(instance: I18n): void {
  const translate = instance.t.bind(instance) as unknown as (...args: unknown[]) => unknown;
  let answers = new Map<string, string>();
  const forget = () => {
    answers = new Map();
  };
  instance.on('languageChanged', forget);
  instance.on('loaded', forget);
  instance.store?.on('added', forget);
  instance.store?.on('removed', forget);

  const memoised = (key: unknown, options?: unknown, ...rest: unknown[]): unknown => {
    const plain = typeof key === 'string' && rest.length === 0 ? plainOptions(options) : undefined;
    if (plain === undefined) return translate(key, options, ...rest);
    const id = `${instance.language}\u0000${key}\u0000${plain}`;
    const known = answers.get(id);
    if (known !== undefined) return known;
    const answer = translate(key, options);
    if (typeof answer === 'string') {
      if (answers.size >= MAX_ENTRIES) forget();
      answers.set(id, answer);
    }
    return answer;
  };
  instance.t = memoised as unknown as I18n['t'];
}
