import { useContext, useMemo } from 'react';
import type { components } from '@/modules/api/schema';
import type { NotificationLists, PoolEntry } from '@/modules/api/types';
import { useOnceFirstScreenDrawn } from '@/modules/app/utils/firstScreen';
import { useLiveResource } from '@/modules/realtime/hooks/useLiveResource';
import { useCurrentStore } from '@/modules/stores/hooks/useCurrentStore';
import { LiveFeedsContext, type LiveFeeds } from '../components/LiveFeedsContext';

/**
 * Loads the store's notifications, shift pool and conversations, live, once for the whole frame: the
 * navigation counts them and their pages show them, from the same reads.
 */
export function useLoadLiveFeeds(): LiveFeeds {
  // The counts wait for the first screen (`firstScreen.ts`).
  const storeId = useOnceFirstScreenDrawn(useCurrentStore().storeId);
  const notifications = useLiveResource<NotificationLists>(
    storeId ? `/stores/${storeId}/notifications` : null,
    ['notification.'],
    { onNotifications: true },
  );
  const pool = useLiveResource<PoolEntry[]>(storeId ? `/stores/${storeId}/pool` : null, ['shift.', 'request.']);
  const conversations = useLiveResource<components['schemas']['ConversationEntry'][]>(
    storeId ? `/stores/${storeId}/conversations` : null,
    ['message.', 'conversation.'],
  );
  return useMemo(() => ({ notifications, pool, conversations }), [notifications, pool, conversations]);
}

/** The frame's live feeds (see [`useLoadLiveFeeds`]); only inside the signed-in frame. */
export function useLiveFeeds(): LiveFeeds {
  const feeds = useContext(LiveFeedsContext);
  if (!feeds) throw new Error('useLiveFeeds is used outside the signed-in frame');
  return feeds;
}
