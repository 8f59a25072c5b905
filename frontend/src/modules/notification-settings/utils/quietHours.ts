import { timeZones } from '@/modules/onboarding/utils/business';
import type { QuietHours } from '../types/notificationSettings';

/** The quiet hours offered to someone who has none: the night. */
export const DEFAULT_QUIET_HOURS = { from: '22:00', until: '07:00' } as const;

/** Quiet hours as their form holds them: on or off, and the times and zone either way. */
export interface QuietHoursDraft extends QuietHours {
  on: boolean;
}

/** This browser's time zone. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** The form's start: the saved quiet hours, or the night in this browser's zone, off. */
export function quietHoursDraft(saved: QuietHours | null | undefined): QuietHoursDraft {
  if (saved) return { on: true, ...saved };
  return { on: false, ...DEFAULT_QUIET_HOURS, timeZone: browserTimeZone() };
}

/** What the form saves: its quiet hours, or `null` when they are off. */
export function quietHoursOf({ on, from, until, timeZone }: QuietHoursDraft): QuietHours | null {
  return on ? { from, until, timeZone } : null;
}

/** Why the form cannot be saved (a catalogue key), or `null`. */
export function quietHoursProblem(draft: QuietHoursDraft): string | null {
  if (!draft.on) return null;
  if (!draft.from || !draft.until) return 'notificationSettings.quiet.timesRequired';
  // The server takes equal times as no quiet hours at all: that is what "off" is for.
  if (draft.from === draft.until) return 'notificationSettings.quiet.sameTimes';
  return null;
}

/** The zones to choose from: the chosen one first, then this browser's, then every other. */
export function zoneChoices(chosen: string): string[] {
  return [chosen, ...timeZones().filter((z) => z !== chosen)];
}
