import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePresenceUsers } from '@/modules/realtime/hooks/usePresence';
import { useCurrentStore } from '@/modules/stores/hooks/useCurrentStore';
import { Button } from '@/modules/ui/components/Button';
import { PreviousIcon } from '@/modules/ui/components/DirectionIcon';
import { Muted, PageHeader, Row, Stack } from '@/modules/ui/components/Layout';
import { CardList } from '@/modules/ui/components/List';
import { formatTime } from '@/modules/ui/utils/format';
import { useChatCalls } from '../hooks/useChatCalls';
import { useChatNames } from '../hooks/useChatNames';
import { useSurveys } from '../hooks/useSurveys';
import { useThread } from '../hooks/useThread';
import { useTyping } from '../hooks/useTyping';
import { newDay, typers, type Conversation, type Message } from '../utils/chat';
import { managesSurvey, surveyOf } from '../utils/surveys';
import { Composer } from './Composer';
import { MessageItem } from './MessageItem';
import { SurveyCard } from './SurveyCard';
import { SurveyForm } from './SurveyForm';

export type ThreadProps = {
  conversation: Conversation;
  /** Whether the reader manages the store (posts polls, deletes any message). */
  manager: boolean;
  onBack: () => void;
  /** The reader marked the conversation seen (its unread count changed). */
  onSeen: () => void;
};

/** An open conversation: its messages live, history on demand, who types, polls, and the
 * composer. */
export function Thread({ conversation, manager, onBack, onSeen }: ThreadProps) {
  const { t, i18n } = useTranslation();
  const { storeId, store, me } = useCurrentStore();
  const { nameOf, titleOf } = useChatNames();
  const { run } = useChatCalls();
  const thread = useThread(storeId, conversation, onSeen);
  const { surveys, replace } = useSurveys(storeId, conversation.id);
  const typing = useTyping(conversation.id);
  const users = usePresenceUsers();
  const [replyTo, setReplyTo] = useState<Message | null>(null);
  const [writingSurvey, setWritingSurvey] = useState(false);
  const bottom = useRef<HTMLDivElement>(null);
  // The newest message stays in view as messages arrive. (A block body: browsers that answer
  // `scrollIntoView` with a promise would hand React a cleanup that is not a function.)
  useEffect(() => {
    bottom.current?.scrollIntoView({ block: 'end' });
  }, [thread.lastSeq]);
  const zone = store?.timezoneReference ?? 'UTC';
  if (!storeId || !me) return null;

  const day = new Intl.DateTimeFormat(i18n.resolvedLanguage, { weekday: 'long', day: 'numeric', month: 'long', timeZone: zone });
  const names = typers(users, conversation.id, me.userId ?? null);

  const handleEdit = async (m: Message) => {
    const content = window.prompt(t('chat.edit'), m.content);
    if (content === null) return;
    const view = await run('editMessage', { store: storeId, messageId: m.id, content });
    if (view) thread.merge(view);
  };
  const handleDelete = async (m: Message) => {
    const view = await run('deleteMessage', { store: storeId, messageId: m.id });
    if (view) thread.merge(view);
  };
  const handleReact = async (m: Message, emoji: string) => {
    const view = await run('reactToMessage', { store: storeId, messageId: m.id, emoji });
    if (view) thread.merge(view);
  };
  const handleGrab = async (m: Message) => {
    const request = (m.action as { dropRequest?: string } | null)?.dropRequest;
    if (request) await run('grabShift', { store: storeId, dropReuestId: request }, 'pool.done.grabShift');
  };

  return (
    <Stack>
      <PageHeader>
        <Button type="button" $small $variant="ghost" onClick={onBack} aria-label={t('chat.back')}>
          <PreviousIcon />
        </Button>
        <h1 data-testid="thread-title">{titleOf(conversation)}</h1>
      </PageHeader>
      {thread.hasOlder ? (
        <Button type="button" $small $variant="secondary" onClick={thread.loadOlder}>
          {t('chat.older')}
        </Button>
      ) : null}
      <CardList data-testid="thread" aria-live="polite">
        {thread.messages.map((m, i) => {
          const mine = m.sender === me.id;
          const surveyId = surveyOf(m.action);
          const survey = surveyId ? surveys.find((x) => x.id === surveyId) : undefined;
          return (
            <MessageItem
              key={m.id}
              message={m}
              replied={m.replyTo ? (thread.messages.find((x) => x.id === m.replyTo) ?? null) : null}
              mine={mine}
              deletes={manager}
              me={me.id}
              senderName={m.sender ? nameOf(m.sender) : t('chat.store')}
              day={newDay(thread.messages, i, zone) ? day.format(m.timestamp) : null}
              time={formatTime(m.timestamp, zone, i18n.resolvedLanguage)}
              seenBy={mine && m.seq === thread.lastSeq ? thread.reads.filter((r) => r.employee !== me.id && r.seq >= m.seq).length : null}
              survey={survey && !m.deleted ? <SurveyCard survey={survey} storeId={storeId} manages={managesSurvey(survey, me.id, manager)} onChanged={replace} /> : null}
              onReply={setReplyTo}
              onEdit={(x) => void handleEdit(x)}
              onDelete={(x) => void handleDelete(x)}
              onReact={(x, emoji) => void handleReact(x, emoji)}
              onGrab={(x) => void handleGrab(x)}
            />
          );
        })}
      </CardList>
      <div ref={bottom} />
      {names.length > 0 ? (
        <Muted aria-live="polite" data-testid="typing">
          {t('chat.typing', { names: names.join(', '), count: names.length })}
        </Muted>
      ) : null}
      {manager ? (
        writingSurvey ? (
          <SurveyForm storeId={storeId} conversationId={conversation.id} onDone={() => setWritingSurvey(false)} />
        ) : (
          <Row $justify="flex-start">
            <Button type="button" $small $variant="ghost" onClick={() => setWritingSurvey(true)} data-testid="new-poll">
              {t('chat.newPoll')}
            </Button>
          </Row>
        )
      ) : null}
      <Composer storeId={storeId} conversationId={conversation.id} replyTo={replyTo} onCancelReply={() => setReplyTo(null)} onSent={thread.merge} onTyping={typing} />
    </Stack>
  );
}
