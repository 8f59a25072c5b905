import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { useCurrentStore } from '@/modules/stores/hooks/useCurrentStore';
import { Button } from '@/modules/ui/components/Button';
import { SelectField, TextField } from '@/modules/ui/components/Field';
import { Badge, Card, Muted, PageHeader, Row, Stack } from '@/modules/ui/components/Layout';
import { CardItem, CardList } from '@/modules/ui/components/List';
import { formatTime } from '@/modules/ui/utils/format';
import { useChatCalls } from '../hooks/useChatCalls';
import { useChatNames } from '../hooks/useChatNames';
import { SEARCH_MAX, useMessageSearch } from '../hooks/useMessageSearch';
import { messageLine, type Conversation, type Message } from '../utils/chat';
import { Grow } from './ChatLayout';

/** A card that opens what it shows. */
const StyledOpening = styled(CardItem)`
  cursor: pointer;
`;

export type ConversationListProps = {
  /** The conversations the reader reads; `null` while loading. */
  conversations: Conversation[] | null;
  onOpen: (conversationId: string) => void;
  /** A conversation was started (the list changed). */
  onStarted: () => void;
};

/** The conversations the reader reads with their unread counts and newest message, a search
 * of their messages, and a new direct conversation. */
export function ConversationList({ conversations, onOpen, onStarted }: ConversationListProps) {
  const { t, i18n } = useTranslation();
  const { storeId, store, me, employees } = useCurrentStore();
  const { nameOf, titleOf } = useChatNames();
  const { run, busy } = useChatCalls();
  const search = useMessageSearch(storeId);
  const [newWith, setNewWith] = useState('');
  const zone = store?.timezoneReference ?? 'UTC';
  const day = new Intl.DateTimeFormat(i18n.resolvedLanguage, { weekday: 'long', day: 'numeric', month: 'long', timeZone: zone });

  const lineOf = (m: Message) => messageLine(t, m);

  const handleStart = async () => {
    if (!storeId || !newWith) return;
    const c = await run('createConversation', { store: storeId, kind: 'direct', members: [newWith] });
    if (!c) return;
    setNewWith('');
    onStarted();
    onOpen(c.id);
  };

  return (
    <Stack>
      <PageHeader>
        <h1>{t('chat.title')}</h1>
      </PageHeader>
      <form
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          void search.search();
        }}
      >
        <Row $gap={2}>
          <Grow>
            <TextField label={t('chat.search')} type="search" value={search.query} onChange={(e) => search.setQuery(e.target.value)} maxLength={SEARCH_MAX} data-testid="chat-search" />
          </Grow>
          <Button type="submit" $small $variant="secondary" disabled={!search.query.trim()}>
            {t('chat.find')}
          </Button>
        </Row>
      </form>
      {search.found ? (
        <CardList data-testid="search-results">
          {search.found.length === 0 ? <Muted>{t('chat.nothingFound')}</Muted> : null}
          {search.found.map((m) => (
            <StyledOpening key={m.id} data-testid="search-result" onClick={() => onOpen(m.conversation)}>
              <Row $justify="space-between">
                <strong>{m.sender ? nameOf(m.sender) : t('chat.store')}</strong>
                <Muted>
                  {day.format(m.timestamp)} {formatTime(m.timestamp, zone, i18n.resolvedLanguage)}
                </Muted>
              </Row>
              <span dir="auto">{m.content}</span>
            </StyledOpening>
          ))}
        </CardList>
      ) : null}
      {conversations === null ? <Muted>{t('common.loading')}</Muted> : null}
      <CardList data-testid="conversations">
        {(conversations ?? []).map((c) => (
          <StyledOpening key={c.id} data-testid="conversation" data-kind={c.kind} onClick={() => onOpen(c.id)}>
            <Row $justify="space-between">
              <strong>{titleOf(c)}</strong>
              {c.unread > 0 ? <Badge data-testid="unread">{c.unread}</Badge> : null}
            </Row>
            {c.last ? <Muted>{c.last.deleted ? t('chat.deleted') : <bdi>{lineOf(c.last)}</bdi>}</Muted> : <Muted>{t('chat.empty')}</Muted>}
          </StyledOpening>
        ))}
      </CardList>
      <Card>
        <Stack $gap={2}>
          <strong>{t('chat.newDirect')}</strong>
          <SelectField
            label={t('chat.with')}
            value={newWith}
            onChange={(e) => setNewWith(e.target.value)}
            options={[{ value: '', label: '—' }, ...employees.filter((e) => e.id !== me?.id).map((e) => ({ value: e.id, label: e.displayName || e.email }))]}
          />
          <Row $justify="flex-end">
            <Button type="button" $small disabled={!newWith || busy} onClick={() => void handleStart()}>
              {t('chat.start')}
            </Button>
          </Row>
        </Stack>
      </Card>
    </Stack>
  );
}
