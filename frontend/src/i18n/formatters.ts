import type { i18n as I18n } from 'i18next';
import { formatClockText } from '@/modules/ui/utils/format';

/** Unicode first-strong isolates, which parameters set apart from the sentence may carry. */
const ISOLATES = /^\u2068(.*)\u2069$/su;

/** `value` shown by `show`, keeping any direction isolates around it. */
function keepingIsolates(value: string, show: (inner: string) => string): string {
  const inner = ISOLATES.exec(value);
  return inner ? `\u2068${show(inner[1] ?? '')}\u2069` : show(value);
}

/**
 * The catalogues' own formats beside i18next's (`number` and the like): `clock` shows a clock
 * time the server wrote as `HH:mm` in the reader's digits; `plan` shows a plan's id (`free`,
 * `premium`, as a refusal's details name it) by its name in the reader's language.
 */
export function addFormatters(instance: I18n): void {
  instance.services.formatter?.add('clock', (value: unknown, lng: string | undefined): string =>
    typeof value === 'string' ? keepingIsolates(value, (hhmm) => formatClockText(hhmm, lng)) : String(value),
  );
  instance.services.formatter?.add('plan', (value: unknown, lng: string | undefined): string =>
    typeof value === 'string' ? keepingIsolates(value, (plan) => instance.t(`billing.plans.${plan}`, { lng, defaultValue: plan })) : String(value),
  );
}
