import type { i18n as I18n } from 'i18next';
import { formatClockText } from '@/modules/ui/utils/format';

/** Unicode first-strong isolates, which parameters set apart from the sentence may carry. */
const ISOLATES = /^\u2068(.*)\u2069$/su;

/**
 * The catalogues' own formats beside i18next's (`number` and the like): `clock` shows a clock
 * time the server wrote as `HH:mm` in the reader's digits, keeping any direction isolates
 * around it.
 */
export function addFormatters(instance: I18n): void {
  instance.services.formatter?.add('clock', (value: unknown, lng: string | undefined): string => {
    if (typeof value !== 'string') return String(value);
    const inner = ISOLATES.exec(value);
    return inner ? `\u2068${formatClockText(inner[1] ?? '', lng)}\u2069` : formatClockText(value, lng);
  });
}
