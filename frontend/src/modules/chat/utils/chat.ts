import type { TFunction } from 'i18next';
import type { components } from '@/modules/api/schema';

export type Conversation = components['schemas']['ConversationEntry'];
export type Message = components['schemas']['MessageView'];

/** Messages merged by id and kept in sequence order (history pages and live ones meet). */
export function mergeMessages(current: Message[], incoming: Message[]): Message[] {
  const byId = new Map(current.map((m) => [m.id, m]));
  for (const m of incoming) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => a.seq - b.seq);
}

/** The first sequence number missing between the known messages, if any (a gap to load). */
export function firstGap(messages: Message[]): number | null {
  for (let i = 1; i < messages.length; i++) {
    const prev = messages[i - 1];
    const cur = messages[i];
    if (prev && cur && cur.seq !== prev.seq + 1) return prev.seq;
  }
  return null;
}

/** Whether a day separator goes before message `i` (a new day in `zone`). */
export function newDay(messages: Message[], i: number, zone: string): boolean {
  const cur = messages[i];
  if (!cur) return false;
  const prev = messages[i - 1];
  if (!prev) return true;
  const day = (at: number) => new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
  return day(prev.timestamp) !== day(cur.timestamp);
}

/** The presence `editing` value of someone typing in a conversation (volatile, never stored). */
export function typingIn(conversationId: string): string {
  return `typing:${conversationId}`;
}

/** The names typing in a conversation, from the store's presence, but the reader's own. */
export function typers(users: { userId: string; name: string; editing: string | null }[], conversationId: string, me: string | null): string[] {
  const key = typingIn(conversationId);
  return users.filter((u) => u.editing === key && u.userId !== me).map((u) => u.name);
}

/** A message in one line (a reply's quote, the list's newest): its text, else what it carries. */
export function messageLine(t: TFunction, m: Message): string {
  if (m.content) return m.content;
  if (m.images.length > 0) return `📷 ${t('chat.photos', { count: m.images.length })}`;
  return m.documents.map((d) => `📄 ${d.name}`).join(', ');
}
