import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoaderCircle, Paperclip, X } from 'lucide-react';
import { useSearchParams } from 'react-router-dom';
import { errorText } from '@/modules/api/errors';
import { useLiveFeeds } from '@/modules/app/hooks/useLiveFeeds';
import { useApi } from '@/modules/auth/hooks/useApi';
import { useChanges } from '@/modules/realtime/hooks/useChanges';
import { usePresenceUsers } from '@/modules/realtime/hooks/usePresence';
import { useStoreSocket } from '@/modules/realtime/hooks/useStoreSocket';
import { formatNumber, formatTime } from '@/modules/ui/utils/format';
import { useSnackbar } from '@/modules/snackbar/hooks/useSnackbar';
import { useCurrentStore } from '@/modules/stores/hooks/useCurrentStore';
import { Button } from '@/modules/ui/components/Button';
import { PreviousIcon } from '@/modules/ui/components/DirectionIcon';
import { SelectField, TextField } from '@/modules/ui/components/Field';
import { Badge, Card, Muted, PageHeader, Row, Stack } from '@/modules/ui/components/Layout';
import { CardItem, CardList } from '@/modules/ui/components/List';
import { Loading } from '@/modules/ui/components/Spinner';
import { usePendingFiles } from '../hooks/usePendingFiles';
import { Attachments } from './Attachments';
import { PollForm } from './PollForm';
import { SurveyCard, type SurveyEntry } from './SurveyCard';
import { firstGap, mergeMessages, newDay, typers, typingIn, type Conversation, type Message } from '../utils/chat';

/** The reactions offered on every message. */
const REACTIONS = ['👍', '❤️', '😂'] as const;

/** How long after the last keystroke someone stops showing as typing. */
const TYPING_IDLE_MS = 3000;

/**
 * `/messages`: the store's conversations with their unread counts, and the open one's thread,
 * live: history 20 at a time backwards, replies, edits and deletions of one's own, marked seen
 * as it is read.
 */
export function MessagesPage() {
  const { t, i18n } = useTranslation();
  const api = useApi();
  const snack = useSnackbar();
  const { storeId, store, me, employees, permissions } = useCurrentStore();
  const manager = permissions.isOwner || permissions.names.includes('schedule') || permissions.names.includes('employee');
  const [polling, setPolling] = useState(false);
  const zone = store?.timezoneReference ?? 'UTC';
  const { data: list, reload: reloadList } = useLiveFeeds().conversations;
  const [params, setParams] = useSearchParams();
  const openId = params.get('c');
  const conversations = useMemo(() => list ?? [], [list]);
  const open = conversations.find((c) => c.id === openId) ?? null;
  const [messages, setMessages] = useState<Message[]>([]);
  const [more, setMore] = useState(true);
  const [text, setText] = useState('');
  const [replyTo, setReplyTo] = useState<Message | null>(null);
  const [newWith, setNewWith] = useState('');
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<Message[] | null>(null);
  const bottom = useRef<HTMLDivElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const files = usePendingFiles(storeId);
  const socket = useStoreSocket();
  const users = usePresenceUsers();
  const typingTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  // Typing shows through presence: volatile, shared across nodes, never stored.
  const typing = useCallback(
    (active: boolean) => {
      if (!socket || !openId) return;
      if (typingTimer.current) clearTimeout(typingTimer.current);
      socket.setPresence(true, active ? typingIn(openId) : null);
      if (active) typingTimer.current = setTimeout(() => socket.setPresence(true, null), TYPING_IDLE_MS);
    },
    [socket, openId],
  );
  useEffect(() => () => {
    if (typingTimer.current) clearTimeout(typingTimer.current);
    socket?.setPresence(false, null);
  }, [socket]);
  // The open conversation's surveys, live.
  const [surveys, setSurveys] = useState<SurveyEntry[]>([]);
  const loadSurveys = useCallback(() => {
    if (!storeId || !openId) return;
    api.get<SurveyEntry[]>(`/stores/${storeId}/conversations/${openId}/surveys`).then(setSurveys, () => setSurveys([]));
  }, [api, storeId, openId]);
  // How far each member has read the open conversation ("seen by").
  const [reads, setReads] = useState<{ employee: string; seq: number }[]>([]);
  const nameOf = (id: string | null | undefined) => {
    const e = employees.find((x) => x.id === id);
    return e ? e.displayName || e.email : t('chat.store');
  };
  const titleOf = (c: Conversation) =>
    c.kind === 'team'
      ? t('chat.team')
      : c.title || c.members.filter((m) => m !== me?.id).map((m) => nameOf(m)).join(', ');

  const path = storeId && openId ? `/stores/${storeId}/conversations/${openId}/messages` : null;
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
    if (!storeId || !openId) return;
    api.get<{ employee: string; seq: number }[]>(`/stores/${storeId}/conversations/${openId}/reads`).then(setReads, () => setReads([]));
  }, [api, storeId, openId]);

  useEffect(() => {
    setMessages([]);
    setMore(true);
    setReplyTo(null);
    if (path) void load({}).then((page) => setMore(page.length >= 20));
    loadReads();
    loadSurveys();
  }, [path, load, loadReads, loadSurveys]);

  // Live: new and changed messages of the open conversation; a gap (missed while away) loads.
  useChanges(
    (event) => {
      if (event.type === 'conversation.read') {
        loadReads();
        return;
      }
      if (event.type === 'survey.updated') {
        const view = event.data as Omit<SurveyEntry, 'voted'>;
        if (view.conversation !== openId) return;
        setSurveys((cur) => {
          const old = cur.find((x) => x.id === view.id);
          const next = { ...view, voted: old?.voted ?? false };
          return old ? cur.map((x) => (x.id === view.id ? next : x)) : [...cur, next];
        });
        return;
      }
      if (!event.type.startsWith('message.')) return;
      const m = event.data as Message;
      if (m.conversation !== openId) return;
      setMessages((cur) => mergeMessages(cur, [m]));
    },
    () => path && void load({}),
  );
  useEffect(() => {
    const gap = firstGap(messages);
    if (gap !== null) void load({ after: gap });
  }, [messages, load]);

  // What is shown is seen.
  const lastSeq = messages.at(-1)?.seq ?? 0;
  useEffect(() => {
    bottom.current?.scrollIntoView({ block: 'end' });
    if (!storeId || !open || lastSeq === 0 || open.lastSeq - open.unread >= lastSeq) return;
    void api.call('markConversationSeen', { store: storeId, conversationId: open.id, seq: lastSeq }).then(reloadList, () => undefined);
  }, [api, storeId, open, lastSeq, reloadList]);

  const canSend = (text.trim().length > 0 || files.ready.length > 0) && !files.uploading;
  const send = async () => {
    if (!storeId || !open || !canSend) return;
    try {
      const sent = await api.call('sendMessage', {
        store: storeId,
        conversationId: open.id,
        content: text,
        replyTo: replyTo?.id ?? null,
        attachments: files.ready,
      });
      setMessages((cur) => mergeMessages(cur, [sent]));
      typing(false);
      setText('');
      setReplyTo(null);
      files.clear();
    } catch (e) {
      snack(errorText(t, e), 'error', 'chat');
    }
  };

  const grab = async (m: Message) => {
    const request = (m.action as { dropRequest?: string } | null)?.dropRequest;
    if (!storeId || !request) return;
    try {
      await api.call('grabShift', { store: storeId, dropReuestId: request });
      snack(t('pool.done.grabShift'), 'success', 'chat');
    } catch (e) {
      snack(errorText(t, e), 'error', 'chat');
    }
  };

  const react = async (m: Message, emoji: string) => {
    if (!storeId) return;
    try {
      const view = await api.call('reactToMessage', { store: storeId, messageId: m.id, emoji });
      setMessages((cur) => mergeMessages(cur, [view]));
    } catch (e) {
      snack(errorText(t, e), 'error', 'chat');
    }
  };

  const change = async (m: Message, remove: boolean) => {
    if (!storeId) return;
    try {
      if (remove) await api.call('deleteMessage', { store: storeId, messageId: m.id });
      else {
        const content = window.prompt(t('chat.edit'), m.content);
        if (content === null) return;
        await api.call('editMessage', { store: storeId, messageId: m.id, content });
      }
    } catch (e) {
      snack(errorText(t, e), 'error', 'chat');
    }
  };

  const startDirect = async () => {
    if (!storeId || !newWith) return;
    try {
      const c = await api.call('createConversation', { store: storeId, kind: 'direct', members: [newWith] });
      setNewWith('');
      reloadList();
      setParams({ c: c.id });
    } catch (e) {
      snack(errorText(t, e), 'error', 'chat');
    }
  };

  const search = async () => {
    if (!storeId || !query.trim()) return;
    try {
      setFound(await api.get<Message[]>(`/stores/${storeId}/messages/search`, { q: query.trim() }));
    } catch (e) {
      snack(errorText(t, e), 'error', 'chat');
    }
  };

  /** A message in one line: its text, else what it carries. */
  const lastLine = (m: Message) =>
    m.content ||
    (m.images.length > 0 ? `📷 ${t('chat.photos', { count: m.images.length })}` : m.documents.map((d) => `📄 ${d.name}`).join(', '));

  if (!store || !me) return <Loading label={t('common.loading')} />;
  const time = (at: number) => formatTime(at, zone, i18n.resolvedLanguage);
  const day = new Intl.DateTimeFormat(i18n.resolvedLanguage, { weekday: 'long', day: 'numeric', month: 'long', timeZone: zone });

  if (!open) {
    return (
      <Stack>
        <PageHeader>
          <h1>{t('chat.title')}</h1>
        </PageHeader>
        <form
          role="search"
          onSubmit={(e) => {
            e.preventDefault();
            void search();
          }}
        >
          <Row $gap={2}>
            <div style={{ flex: 1 }}>
              <TextField label={t('chat.search')} type="search" value={query} onChange={(e) => { setQuery(e.target.value); if (!e.target.value) setFound(null); }} maxLength={200} data-testid="chat-search" />
            </div>
            <Button type="submit" $small $variant="secondary" disabled={!query.trim()}>{t('chat.find')}</Button>
          </Row>
        </form>
        {found ? (
          <CardList data-testid="search-results">
            {found.length === 0 ? <Muted>{t('chat.nothingFound')}</Muted> : null}
            {found.map((m) => (
              <CardItem key={m.id} data-testid="search-result" onClick={() => setParams({ c: m.conversation })} style={{ cursor: 'pointer' }}>
                <Row $justify="space-between">
                  <strong>{m.sender ? nameOf(m.sender) : t('chat.store')}</strong>
                  <Muted>{day.format(m.timestamp)} {time(m.timestamp)}</Muted>
                </Row>
                <span dir="auto">{m.content}</span>
              </CardItem>
            ))}
          </CardList>
        ) : null}
        {list === null ? <Muted>{t('common.loading')}</Muted> : null}
        <CardList data-testid="conversations">
          {conversations.map((c) => (
            <CardItem key={c.id} data-testid="conversation" data-kind={c.kind} onClick={() => setParams({ c: c.id })} style={{ cursor: 'pointer' }}>
              <Row $justify="space-between">
                <strong>{titleOf(c)}</strong>
                {c.unread > 0 ? <Badge data-testid="unread">{c.unread}</Badge> : null}
              </Row>
              {c.last ? <Muted>{c.last.deleted ? t('chat.deleted') : <bdi>{lastLine(c.last)}</bdi>}</Muted> : <Muted>{t('chat.empty')}</Muted>}
            </CardItem>
          ))}
        </CardList>
        <Card>
          <Stack $gap={2}>
            <strong>{t('chat.newDirect')}</strong>
            <SelectField
              label={t('chat.with')}
              value={newWith}
              onChange={(e) => setNewWith(e.target.value)}
              options={[{ value: '', label: '—' }, ...employees.filter((e) => e.id !== me.id).map((e) => ({ value: e.id, label: e.displayName || e.email }))]}
            />
            <Row $justify="flex-end">
              <Button type="button" $small disabled={!newWith} onClick={() => void startDirect()}>{t('chat.start')}</Button>
            </Row>
          </Stack>
        </Card>
      </Stack>
    );
  }

  const oldest = messages[0]?.seq;
  return (
    <Stack>
      <PageHeader>
        <Button type="button" $small $variant="ghost" onClick={() => setParams({})} aria-label={t('chat.back')}><PreviousIcon /></Button>
        <h1 data-testid="thread-title">{titleOf(open)}</h1>
      </PageHeader>
      {more && oldest && oldest > 1 ? (
        <Button type="button" $small $variant="secondary" onClick={() => void load({ before: oldest }).then((p) => setMore(p.length >= 20))}>
          {t('chat.older')}
        </Button>
      ) : null}
      <CardList data-testid="thread" aria-live="polite">
        {messages.map((m, i) => {
          const mine = m.sender === me.id;
          const replied = m.replyTo ? messages.find((x) => x.id === m.replyTo) : null;
          return (
            <li key={m.id} style={{ listStyle: 'none' }}>
              {newDay(messages, i, zone) ? <Muted as="div" style={{ textAlign: 'center' }}>{day.format(m.timestamp)}</Muted> : null}
              <CardItem $accent={mine ? '#0969da' : m.type === 'dropshift' ? '#d97706' : '#8b949e'} data-testid="message" data-seq={m.seq} as="div">
                <Row $justify="space-between">
                  <strong>{m.sender ? nameOf(m.sender) : t('chat.store')}</strong>
                  <Muted>{time(m.timestamp)}{m.modified ? ` · ${t('chat.modified')}` : ''}</Muted>
                </Row>
                {replied ? <Muted>↪ {replied.deleted ? t('chat.deleted') : <bdi>{lastLine(replied)}</bdi>}</Muted> : null}
                {m.deleted || m.content ? <span data-testid="message-text" dir="auto">{m.deleted ? <em>{t('chat.deleted')}</em> : m.content}</span> : null}
                {!m.deleted ? <Attachments files={m.attachments} /> : null}
                {(() => {
                  const id = (m.action as { survey?: string } | null)?.survey;
                  const found = id ? surveys.find((x) => x.id === id) : undefined;
                  return found && storeId ? (
                    <SurveyCard survey={found} storeId={storeId} onVoted={(v) => setSurveys((cur) => cur.map((x) => (x.id === v.id ? v : x)))} />
                  ) : null;
                })()}
                {mine && m.seq === lastSeq ? (
                  <Muted data-testid="seen-by">
                    {t('chat.seenBy', { count: reads.filter((r) => r.employee !== me.id && r.seq >= m.seq).length })}
                  </Muted>
                ) : null}
                {!m.deleted ? (
                  <Row $gap={1} style={{ flexWrap: 'wrap' }}>
                    {REACTIONS.map((emoji) => {
                      const given = m.reactions.find((r) => r.emoji === emoji);
                      const mineToo = !!given?.employees.includes(me.id);
                      return (
                        <Button
                          key={emoji}
                          type="button"
                          $small
                          $variant={mineToo ? 'secondary' : 'ghost'}
                          aria-pressed={mineToo}
                          aria-label={t('chat.react', { emoji })}
                          onClick={() => void react(m, emoji)}
                          data-testid="reaction"
                        >
                          {emoji}
                          {given ? ` ${formatNumber(given.employees.length, i18n.resolvedLanguage)}` : ''}
                        </Button>
                      );
                    })}
                  </Row>
                ) : null}
                {!m.deleted ? (
                  <Row $gap={2}>
                    {m.type === 'dropshift' && m.action ? (
                      <Button type="button" $small onClick={() => void grab(m)} data-testid="grab-from-chat">{t('pool.grab')}</Button>
                    ) : null}
                    <Button type="button" $small $variant="ghost" onClick={() => setReplyTo(m)}>{t('chat.reply')}</Button>
                    {mine && m.type === 'text' ? <Button type="button" $small $variant="ghost" onClick={() => void change(m, false)}>{t('chat.editAction')}</Button> : null}
                    {mine ? <Button type="button" $small $variant="ghost" onClick={() => void change(m, true)}>{t('chat.delete')}</Button> : null}
                  </Row>
                ) : null}
              </CardItem>
            </li>
          );
        })}
      </CardList>
      <div ref={bottom} />
      {(() => {
        const names = typers(users, open.id, me.userId ?? null);
        return names.length > 0 ? (
          <Muted aria-live="polite" data-testid="typing">{t('chat.typing', { names: names.join(', '), count: names.length })}</Muted>
        ) : null;
      })()}
      {manager && storeId ? (
        polling ? (
          <PollForm storeId={storeId} conversationId={open.id} onDone={() => setPolling(false)} />
        ) : (
          <Row $justify="flex-start">
            <Button type="button" $small $variant="ghost" onClick={() => setPolling(true)} data-testid="new-poll">{t('chat.newPoll')}</Button>
          </Row>
        )
      ) : null}
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void send();
        }}
      >
        <Stack $gap={2}>
          {replyTo ? (
            <Row $justify="space-between">
              <Muted>↪ <bdi>{replyTo.content}</bdi></Muted>
              <Button type="button" $small $variant="ghost" onClick={() => setReplyTo(null)}>{t('common.cancel')}</Button>
            </Row>
          ) : null}
          {files.pending.length > 0 ? (
            <Row $gap={1} style={{ flexWrap: 'wrap' }} data-testid="pending-files">
              {files.pending.map((p) => (
                <Button key={p.key} type="button" $small $variant="secondary" onClick={() => files.remove(p.key)} aria-label={t('chat.removeFile', { name: p.name })} data-testid="pending-file" data-ready={!!p.uploaded}>
                  {p.uploaded ? <Paperclip size={14} aria-hidden /> : <LoaderCircle size={14} aria-hidden />} <bdi>{p.name}</bdi> <X size={14} aria-hidden />
                </Button>
              ))}
            </Row>
          ) : null}
          <Row $gap={2}>
            <input
              ref={fileInput}
              type="file"
              multiple
              hidden
              accept="image/*,.pdf,.doc,.docx,.xls,.xlsx,.ppt,.pptx,.odt,.ods,.odp,.rtf,.zip,.txt,.csv"
              onChange={(e) => {
                files.add(Array.from(e.target.files ?? []));
                e.target.value = '';
              }}
              data-testid="attach-input"
            />
            <Button type="button" $variant="ghost" onClick={() => fileInput.current?.click()} aria-label={t('chat.attach')} title={t('chat.attach')} data-testid="attach"><Paperclip size={18} aria-hidden /></Button>
            <div style={{ flex: 1 }}>
              <TextField
                label={t('chat.message')}
                value={text}
                onChange={(e) => {
                  setText(e.target.value);
                  typing(e.target.value.length > 0);
                }}
                onPaste={(e) => {
                  // Pasted pictures (a screenshot) are attached.
                  const pasted = Array.from(e.clipboardData.files).filter((f) => f.type.startsWith('image/'));
                  if (pasted.length > 0) {
                    e.preventDefault();
                    files.add(pasted);
                  }
                }}
                maxLength={4000}
                data-testid="composer"
              />
            </div>
            <Button type="submit" disabled={!canSend} data-testid="send">{t('chat.send')}</Button>
          </Row>
        </Stack>
      </form>
    </Stack>
  );
}
