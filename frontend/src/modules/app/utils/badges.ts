import type { NotificationLists, PoolEntry } from '@/modules/api/types';
import { mergeNotifications, unseenIds } from '@/modules/notifications/utils/notifications';
import type { BadgeKind } from '@/modules/permissions/utils/menu';
import { poolAction, type PoolAction } from '@/modules/pool/utils/pool';

/** Pool entries that wait for the viewer: a shift to take or grab, a grab to answer. */
const WAITING: ReadonlySet<PoolAction> = new Set<PoolAction>(['take', 'grab', 'answer']);

/**
 * The navigation badges: unseen notifications, and pool entries waiting for the viewer
 * (employee record `me`; `manager` answers grabs instead of grabbing).
 */
export function badgeCounts(
  notifications: NotificationLists | null,
  pool: PoolEntry[] | null,
  me: string | null,
  manager: boolean,
  conversations: { unread: number }[] | null = null,
): Record<BadgeKind, number> {
  return {
    messages: (conversations ?? []).reduce((sum, c) => sum + c.unread, 0),
    notifications: unseenIds(mergeNotifications(notifications)).length,
    shiftpoll: me ? (pool ?? []).filter((e) => WAITING.has(poolAction(e, me, manager))).length : 0,
  };
}

/** A count as a badge shows it, in the digits of `locale`. */
export function badgeText(count: number, locale: string | undefined = 'en'): string {
  const n = new Intl.NumberFormat(locale);
  return count > 99 ? `${n.format(99)}+` : n.format(count);
}
