import { createContext } from 'react';
import type { components } from '@/modules/api/schema';
import type { NotificationLists, PoolEntry } from '@/modules/api/types';
import type { LiveResource } from '@/modules/realtime/hooks/useLiveResource';

/** The live reads the signed-in frame keeps for its badges and shares with its pages. */
export interface LiveFeeds {
  notifications: LiveResource<NotificationLists>;
  pool: LiveResource<PoolEntry[]>;
  conversations: LiveResource<components['schemas']['ConversationEntry'][]>;
}

export const LiveFeedsContext = createContext<LiveFeeds | null>(null);
