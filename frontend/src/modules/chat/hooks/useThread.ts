import { useCallback, useEffect, useState } from 'react';
import { useApi } from '@/modules/auth/hooks/useApi';
import { useChanges } from '@/modules/realtime/hooks/useChanges';
import { firstGap, mergeMessages, type Conversation, type Message } from '../utils/chat';

/** Messages a history page holds (the server's page size). */
const PAGE = 20;

/** How far one member has read the conversation. */
export interface Read {
  employee: string;
  seq: number;
}

/**
 * An open conversation's messages, live: the newest page, older ones on demand, new and
 * changed ones as they come (a gap, missed while away, loads what came after), how far each
 * member has read it ("seen by"), and what is shown marked seen.
 */
export function useThread(storeId: string | null, conversation: Conversation, onSeen: () => void) {
  const api = useApi();
  const id = conversation.id;
  const path = storeId ? `/stores/${storeId}/conversations/${id}/messages` : null;
  const [messages, setMessages] = useState<Message[]>([]);
  const [more, setMore] = useState(true);
  const [reads, setReads] = useState<Read[]>([]);

  const load = useCallback(
    async (query: Record<string, number | undefined>) => {
      if (!path) return [];
      const page = await api.get<Message[]>(path, query);
      setMessages((cur) => mergeMessages(cur, page));
      return page;
    },
    [api, path],
  );
  const loadReads = useCallback(() => {
    if (!storeId) return;
    api.get<Read[]>(`/stores/${storeId}/conversations/${id}/reads`).then(setReads, () => setReads([]));
  }, [api, storeId, id]);

  useEffect(() => {
    setMessages([]);
    setMore(true);
    void load({}).then((page) => setMore(page.length >= PAGE));
    loadReads();
  }, [load, loadReads]);

  useChanges(
    (event) => {
      if (event.type === 'conversation.read') {
        loadReads();
        return;
      }
      if (!event.type.startsWith('message.')) return;
      const m = event.data as Message;
      if (m.conversation === id) setMessages((cur) => mergeMessages(cur, [m]));
    },
    () => void load({}),
  );
  useEffect(() => {
    const gap = firstGap(messages);
    if (gap !== null) void load({ after: gap });
  }, [messages, load]);

  // What is shown is seen.
  const lastSeq = messages.at(-1)?.seq ?? 0;
  const seenBefore = conversation.lastSeq - conversation.unread;
  useEffect(() => {
    if (!storeId || lastSeq === 0 || seenBefore >= lastSeq) return;
    // Quietly: a failure here only leaves the count as it was.
    void api.call('markConversationSeen', { store: storeId, conversationId: id, seq: lastSeq }).then(onSeen, () => undefined);
  }, [api, storeId, id, lastSeq, seenBefore, onSeen]);

  const oldest = messages[0]?.seq;
  const loadOlder = useCallback(() => {
    if (oldest) void load({ before: oldest }).then((page) => setMore(page.length >= PAGE));
  }, [load, oldest]);
  /** A message the reader's own call answered (before its change arrives). */
  const merge = useCallback((m: Message) => setMessages((cur) => mergeMessages(cur, [m])), []);

  return { messages, lastSeq, hasOlder: more && !!oldest && oldest > 1, loadOlder, merge, reads };
}
