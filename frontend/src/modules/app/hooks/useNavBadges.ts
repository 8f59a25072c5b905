import type { BadgeKind } from '@/modules/permissions/utils/menu';
import { useCurrentStore } from '@/modules/stores/hooks/useCurrentStore';
import type { LiveFeeds } from '../components/LiveFeedsContext';
import { badgeCounts } from '../utils/badges';

/** The navigation's counts, from the frame's live feeds. */
export function useNavBadges({ notifications, pool, conversations }: LiveFeeds): Record<BadgeKind, number> {
  const { me, permissions } = useCurrentStore();
  const manager = permissions.isOwner || permissions.names.includes('schedule');
  return badgeCounts(notifications.data, pool.data, me?.id ?? null, manager, conversations.data);
}
