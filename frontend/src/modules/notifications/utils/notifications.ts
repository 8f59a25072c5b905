import type { AppNotification, NotificationLists } from '@/modules/api/types';

/** The spec's variants: 1 success, 2 warning, 3 error, 4 info. */
export const VARIANT_TONE: Record<number, 'success' | 'warning' | 'error' | 'info'> = {
  1: 'success',
  2: 'warning',
  3: 'error',
  4: 'info',
};

/** Private and public notifications in one list, newest first, each once. */
export function mergeNotifications(lists: NotificationLists | null): AppNotification[] {
  if (!lists) return [];
  const byId = new Map<string, AppNotification>();
  for (const n of [...lists.private, ...lists.public]) byId.set(n.id, n);
  return [...byId.values()].sort((a, b) => b.timestamp - a.timestamp || b.id.localeCompare(a.id));
}

/** The ids not seen yet. */
export function unseenIds(list: AppNotification[]): string[] {
  return list.filter((n) => !n.seen).map((n) => n.id);
}
