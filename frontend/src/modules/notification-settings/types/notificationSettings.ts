import type { components } from '@/modules/api/schema';

type Schemas = components['schemas'];

// The data of `getNotificationSettings` and `updateNotificationSettings`, named from the
// generated schema.

/** A kind of notification, as the spec names it (`newshift`, `message`, ...). */
export type NotificationKind = Schemas['NotificationKind'];
/** Whether one kind also comes by mail and as a push notification (in the app it always comes). */
export type Ways = Schemas['Ways'];
/** Where one kind goes, as the server answers it. */
export type KindSetting = Schemas['KindSetting'];
/** Quiet hours: wall times (`HH:mm`) in an IANA zone, during which push notifications wait. */
export type QuietHours = Schemas['QuietHours'];
/** A person's notification settings: every kind in the spec's order, and the quiet hours. */
export type NotificationSettings = Schemas['NotificationSettingsView'];
/** What `updateNotificationSettings` takes: the kinds named change; quiet hours are replaced. */
export type NotificationSettingsChange = Schemas['UpdateNotificationSettings'];

/** The channels a person chooses per kind, besides the app. */
export type Channel = keyof Ways;

/** Turns one channel of one kind on or off. */
export type ChannelChangeHandler = (kind: NotificationKind, channel: Channel, on: boolean) => void;
