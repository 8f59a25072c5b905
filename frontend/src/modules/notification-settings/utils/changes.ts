import type { Channel, NotificationKind, NotificationSettings, NotificationSettingsChange, QuietHours, Ways } from '../types/notificationSettings';

/** Where `kind` goes in `settings` (neither channel when the server did not name it). */
export function waysOf(settings: NotificationSettings, kind: NotificationKind): Ways {
  const found = settings.kinds.find((k) => k.kind === kind);
  return { mail: found?.mail ?? false, push: found?.push ?? false };
}

/** The settings with one channel of one kind turned on or off, and the call that says so. */
export function channelChange(
  settings: NotificationSettings,
  kind: NotificationKind,
  channel: Channel,
  on: boolean,
): { next: NotificationSettings; change: NotificationSettingsChange } {
  const ways = { ...waysOf(settings, kind), [channel]: on };
  return {
    next: { ...settings, kinds: settings.kinds.map((k) => (k.kind === kind ? { ...k, ...ways } : k)) },
    // The call replaces the quiet hours whenever it is made: they go along unchanged.
    change: { kinds: { [kind]: ways }, quietHours: settings.quietHours ?? null },
  };
}

/** The settings with new quiet hours (`null`: none), and the call that says so; the kinds stay. */
export function quietHoursChange(
  settings: NotificationSettings,
  quietHours: QuietHours | null,
): { next: NotificationSettings; change: NotificationSettingsChange } {
  return { next: { ...settings, quietHours }, change: { quietHours } };
}
