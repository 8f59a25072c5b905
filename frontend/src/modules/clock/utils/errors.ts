import { ApiError } from '@/modules/api/ApiError';
import { formatTime } from '@/modules/ui/utils/format';

/** The parameters of a clock refusal's text, with instants shown in the store's zone and the reader's digits. */
export function clockErrorParams(error: unknown, zone: string, locale?: string): Record<string, unknown> {
  if (!(error instanceof ApiError) || !error.details || typeof error.details !== 'object') return {};
  const details = { ...(error.details as Record<string, unknown>) };
  if (typeof details.from === 'number') details.from = formatTime(details.from, zone, locale);
  return details;
}
