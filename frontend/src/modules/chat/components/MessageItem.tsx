import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styled, { useTheme } from 'styled-components';
import { Button } from '@/modules/ui/components/Button';
import { Muted, Row } from '@/modules/ui/components/Layout';
import { CardItem } from '@/modules/ui/components/List';
import { formatNumber } from '@/modules/ui/utils/format';
import { messageLine, type Message } from '../utils/chat';
import { Attachments } from './Attachments';
import { WrappingRow } from './ChatLayout';

/** The reactions offered on every message. */
const REACTIONS = ['👍', '❤️', '😂'] as const;

const StyledEntry = styled.li`
  list-style: none;
`;

const StyledDay = styled(Muted).attrs({ as: 'div' })`
  display: block;
  text-align: center;
`;

export type MessageItemProps = {
  message: Message;
  /** The message it replies to, when loaded. */
  replied: Message | null;
  /** The reader sent it. */
  mine: boolean;
  /** The reader may delete it though they did not send it (a manager). */
  deletes: boolean;
  /** The reader's employee record (their reactions are pressed). */
  me: string;
  senderName: string;
  /** The day separator before it, if it starts a day. */
  day: string | null;
  time: string;
  /** Who has read it, under the reader's own newest message. */
  seenBy: number | null;
  /** The poll it carries. */
  survey?: ReactNode;
  onReply: (m: Message) => void;
  onEdit: (m: Message) => void;
  onDelete: (m: Message) => void;
  onReact: (m: Message, emoji: string) => void;
  onGrab: (m: Message) => void;
};

/** One message of the thread: who and when, what it replies to, its text, files or poll,
 * its reactions, and what the reader may do with it. */
export function MessageItem({ message: m, replied, mine, deletes, me, senderName, day, time, seenBy, survey, onReply, onEdit, onDelete, onReact, onGrab }: MessageItemProps) {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const accent = mine ? theme.color.primary : m.type === 'dropshift' ? theme.color.warning : theme.color.border;
  return (
    <StyledEntry>
      {day ? <StyledDay>{day}</StyledDay> : null}
      <CardItem $accent={accent} data-testid="message" data-seq={m.seq} as="div">
        <Row $justify="space-between">
          <strong>{senderName}</strong>
          <Muted>
            {time}
            {m.modified ? ` · ${t('chat.modified')}` : ''}
          </Muted>
        </Row>
        {replied ? <Muted>↪ {replied.deleted ? t('chat.deleted') : <bdi>{messageLine(t, replied)}</bdi>}</Muted> : null}
        {m.deleted || m.content ? (
          <span data-testid="message-text" dir="auto">
            {m.deleted ? <em>{t('chat.deleted')}</em> : m.content}
          </span>
        ) : null}
        {!m.deleted ? <Attachments files={m.attachments} /> : null}
        {survey}
        {seenBy !== null ? <Muted data-testid="seen-by">{t('chat.seenBy', { count: seenBy })}</Muted> : null}
        {!m.deleted ? (
          <WrappingRow $gap={1}>
            {REACTIONS.map((emoji) => {
              const given = m.reactions.find((r) => r.emoji === emoji);
              const pressed = !!given?.employees.includes(me);
              return (
                <Button
                  key={emoji}
                  type="button"
                  $small
                  $variant={pressed ? 'secondary' : 'ghost'}
                  aria-pressed={pressed}
                  aria-label={t('chat.react', { emoji })}
                  onClick={() => onReact(m, emoji)}
                  data-testid="reaction"
                >
                  {emoji}
                  {given ? ` ${formatNumber(given.employees.length, i18n.resolvedLanguage)}` : ''}
                </Button>
              );
            })}
          </WrappingRow>
        ) : null}
        {!m.deleted ? (
          <Row $gap={2}>
            {m.type === 'dropshift' && m.action ? (
              <Button type="button" $small onClick={() => onGrab(m)} data-testid="grab-from-chat">
                {t('pool.grab')}
              </Button>
            ) : null}
            <Button type="button" $small $variant="ghost" onClick={() => onReply(m)}>
              {t('chat.reply')}
            </Button>
            {mine && m.type === 'text' ? (
              <Button type="button" $small $variant="ghost" onClick={() => onEdit(m)}>
                {t('chat.editAction')}
              </Button>
            ) : null}
            {/* A poll is deleted as a poll (its card's action). */}
            {(mine || deletes) && m.type !== 'survey' ? (
              <Button type="button" $small $variant="ghost" onClick={() => onDelete(m)}>
                {t('chat.delete')}
              </Button>
            ) : null}
          </Row>
        ) : null}
      </CardItem>
    </StyledEntry>
  );
}
