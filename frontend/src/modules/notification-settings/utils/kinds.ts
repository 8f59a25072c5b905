import type { KindSetting, NotificationKind, NotificationSettings } from '../types/notificationSettings';

/**
 * The kinds the app has words for (`notificationSettings.kinds.*`). A record of every kind
 * of the schema, so that a kind the server gains stops the build until it is worded here.
 */
const WORDED: Record<NotificationKind, true> = {
  newshift: true,
  timeoff: true,
  dropshift: true,
  message: true,
  shiftUpdate: true,
  shiftcancel: true,
  declineShift: true,
  cancelTimeOff: true,
  shiftpropose: true,
};

/** Whether the server's name of a kind is one the app words. */
export function isNotificationKind(kind: string): kind is NotificationKind {
  return Object.hasOwn(WORDED, kind);
}

/** A kind's setting whose kind the app words. */
export type ShownKindSetting = Omit<KindSetting, 'kind'> & { kind: NotificationKind };

/**
 * The kinds the settings show, in the server's order (the spec's); a kind a newer server
 * names waits until the app can name it too.
 */
export function shownKinds(settings: NotificationSettings): ShownKindSetting[] {
  return settings.kinds.filter((k): k is ShownKindSetting => isNotificationKind(k.kind));
}
