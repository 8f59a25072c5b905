import type { TFunction } from 'i18next';
import type { AppNotification } from '@/modules/api/types';

/** The codes the app words itself; any other shows the server's English. */
export const NOTIFICATION_CODES = [
  'timeOffRequested',
  'timeOffApproved',
  'timeOffRejected',
  'timeOffCancelled',
  'shiftOpened',
  'newShift',
  'confirmReminder',
  'shiftUpdated',
  'shiftCancelled',
  'shiftDeclined',
  'openShift',
  'grabApproved',
  'shiftTaken',
  'grabRejected',
  'shiftDropped',
  'shiftPutInPool',
  'shiftGrabbed',
  'openShiftTaken',
  'proposalStarted',
  'proposalCompleted',
  'proposalApproved',
  'proposalRejected',
  'newMessage',
  'newMessageIn',
  'mentioned',
  'mentionedIn',
] as const;

const KNOWN = new Set<string>(NOTIFICATION_CODES);

/** A name or title set apart from the sentence, so its own direction leaves the punctuation alone. */
const isolate = (text: string) => `\u2068${text}\u2069`;

/**
 * The title and content of a notification in the reader's language: worded from its code and
 * parameters, the shift's start and the time off's dates in the store's zone and the reader's
 * digits. A notification without a known code (a manager's announcement, or a newer server's
 * text) keeps its own words.
 */
export function notificationText(
  t: TFunction,
  n: Pick<AppNotification, 'title' | 'content' | 'code' | 'params'>,
  zone: string | undefined,
  locale: string | undefined,
): { title: string; content: string } {
  if (!n.code || !KNOWN.has(n.code)) return { title: n.title, content: n.content };
  const p = (n.params ?? {}) as Record<string, unknown>;
  const values: Record<string, string> = {};
  for (const key of ['employee', 'manager', 'title', 'sender', 'conversation'] as const) {
    if (typeof p[key] === 'string') values[key] = isolate(p[key]);
  }
  // The message's own words, as written.
  if (typeof p.preview === 'string') values.preview = p.preview;
  if (typeof p.start === 'number') {
    if (typeof p.end === 'number') values.dates = isolate(formatSpan(p.start, p.end, p.entireDay === true, zone, locale));
    else values.when = isolate(formatMoment(p.start, zone, locale));
  }
  const key = `notifications.texts.${n.code}`;
  return { title: t(`${key}.title`, values), content: t(`${key}.content`, values) };
}

/** A shift's start: `Nov 24, 2026, 09:00` as the reader writes it, in the store's zone. */
export function formatMoment(at: number, zone: string | undefined, locale: string | undefined): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', hourCycle: 'h23', timeZone: zone }).format(at);
}

/**
 * Time off's dates: entire days as a range of dates (the end is the last day's last moment);
 * otherwise dates and times.
 */
export function formatSpan(start: number, end: number, entireDay: boolean, zone: string | undefined, locale: string | undefined): string {
  const f = entireDay
    ? new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: zone })
    : new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', hourCycle: 'h23', timeZone: zone });
  return f.formatRange(start, end);
}
