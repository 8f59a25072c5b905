import { ApiError } from '@/modules/api/ApiError';
import { clockTime } from '@/modules/schedule/utils/calendar';

/** The parameters of a clock refusal's text, with instants shown in the store's zone. */
export function clockErrorParams(error: unknown, zone: string): Record<string, unknown> {
  if (!(error instanceof ApiError) || !error.details || typeof error.details !== 'object') return {};
  const details = { ...(error.details as Record<string, unknown>) };
  if (typeof details.from === 'number') details.from = clockTime(details.from, zone);
  return details;
}
