import { createContext } from 'react';
import type { NotificationLists, PoolEntry } from '@/modules/api/types';
import type { LiveResource } from '@/modules/realtime/hooks/useLiveResource';

/** The live reads the signed-in frame keeps for its badges and shares with its pages. */
export interface LiveFeeds {
  notifications: LiveResource<NotificationLists>;
  pool: LiveResource<PoolEntry[]>;
}

export const LiveFeedsContext = createContext<LiveFeeds | null>(null);
