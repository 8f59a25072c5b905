import { useCallback } from 'react';
import { useRecoilValue, useSetRecoilState } from 'recoil';
import type { NotificationLists, PoolEntry } from '@/modules/api/types';
import type { BadgeKind } from '@/modules/permissions/utils/menu';
import { useLiveResource } from '@/modules/realtime/hooks/useLiveResource';
import { useCurrentStore } from '@/modules/stores/hooks/useCurrentStore';
import { badgeVersionState } from '../states/badgeVersionState';
import { badgeCounts } from '../utils/badges';

/** The navigation's counts, live: read once for the whole frame. */
export function useNavBadges(): Record<BadgeKind, number> {
  const { storeId, me, permissions } = useCurrentStore();
  const version = useRecoilValue(badgeVersionState);
  const manager = permissions.isOwner || permissions.names.includes('schedule');
  const notifications = useLiveResource<NotificationLists>(
    storeId ? `/stores/${storeId}/notifications` : null,
    ['notification.'],
    { onNotifications: true, version },
  );
  const pool = useLiveResource<PoolEntry[]>(storeId ? `/stores/${storeId}/pool` : null, ['shift.', 'request.']);
  return badgeCounts(notifications.data, pool.data, me?.id ?? null, manager);
}

/** Tells the badges that the user changed what they count. */
export function useRefreshBadges(): () => void {
  const setVersion = useSetRecoilState(badgeVersionState);
  return useCallback(() => setVersion((v) => v + 1), [setVersion]);
}
