import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoaderCircle, Paperclip, X } from 'lucide-react';
import { Button } from '@/modules/ui/components/Button';
import { TextField } from '@/modules/ui/components/Field';
import { Muted, Row, Stack } from '@/modules/ui/components/Layout';
import { useChatCalls } from '../hooks/useChatCalls';
import { usePendingFiles } from '../hooks/usePendingFiles';
import type { Message } from '../utils/chat';
import { Grow, WrappingRow } from './ChatLayout';

/** The longest message text (the server's limit). */
const TEXT_MAX = 4000;

/** What the file picker offers: the types the server accepts. */
const ACCEPTED = 'image/*,.pdf,.doc,.docx,.xls,.xlsx,.ppt,.pptx,.odt,.ods,.odp,.rtf,.zip,.txt,.csv';

export type ComposerProps = {
  storeId: string;
  conversationId: string;
  /** The message being replied to. */
  replyTo: Message | null;
  onCancelReply: () => void;
  /** The sent message, as the server answered it. */
  onSent: (m: Message) => void;
  /** Whether the reader is typing (shown to the others). */
  onTyping: (active: boolean) => void;
};

/** Writing a message: text, pictures and documents (uploaded as they are chosen or pasted),
 * perhaps as a reply. */
export function Composer({ storeId, conversationId, replyTo, onCancelReply, onSent, onTyping }: ComposerProps) {
  const { t } = useTranslation();
  const { run } = useChatCalls();
  const files = usePendingFiles(storeId);
  const fileInput = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const canSend = (text.trim().length > 0 || files.ready.length > 0) && !files.uploading;

  const handleSend = async () => {
    if (!canSend) return;
    const sent = await run('sendMessage', {
      store: storeId,
      conversationId,
      content: text,
      replyTo: replyTo?.id ?? null,
      attachments: files.ready,
    });
    if (!sent) return;
    onSent(sent);
    onTyping(false);
    setText('');
    onCancelReply();
    files.clear();
  };

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void handleSend();
      }}
    >
      <Stack $gap={2}>
        {replyTo ? (
          <Row $justify="space-between">
            <Muted>
              ↪ <bdi>{replyTo.content}</bdi>
            </Muted>
            <Button type="button" $small $variant="ghost" onClick={onCancelReply}>
              {t('common.cancel')}
            </Button>
          </Row>
        ) : null}
        {files.pending.length > 0 ? (
          <WrappingRow $gap={1} data-testid="pending-files">
            {files.pending.map((p) => (
              <Button
                key={p.key}
                type="button"
                $small
                $variant="secondary"
                onClick={() => files.remove(p.key)}
                aria-label={t('chat.removeFile', { name: p.name })}
                data-testid="pending-file"
                data-ready={!!p.uploaded}
              >
                {p.uploaded ? <Paperclip size={14} aria-hidden /> : <LoaderCircle size={14} aria-hidden />} <bdi>{p.name}</bdi> <X size={14} aria-hidden />
              </Button>
            ))}
          </WrappingRow>
        ) : null}
        <Row $gap={2}>
          <input
            ref={fileInput}
            type="file"
            multiple
            hidden
            accept={ACCEPTED}
            onChange={(e) => {
              files.add(Array.from(e.target.files ?? []));
              e.target.value = '';
            }}
            data-testid="attach-input"
          />
          <Button type="button" $variant="ghost" onClick={() => fileInput.current?.click()} aria-label={t('chat.attach')} title={t('chat.attach')} data-testid="attach">
            <Paperclip size={18} aria-hidden />
          </Button>
          <Grow>
            <TextField
              label={t('chat.message')}
              value={text}
              onChange={(e) => {
                setText(e.target.value);
                onTyping(e.target.value.length > 0);
              }}
              onPaste={(e) => {
                // Pasted pictures (a screenshot) are attached.
                const pasted = Array.from(e.clipboardData.files).filter((f) => f.type.startsWith('image/'));
                if (pasted.length > 0) {
                  e.preventDefault();
                  files.add(pasted);
                }
              }}
              maxLength={TEXT_MAX}
              data-testid="composer"
            />
          </Grow>
          <Button type="submit" disabled={!canSend} data-testid="send">
            {t('chat.send')}
          </Button>
        </Row>
      </Stack>
    </form>
  );
}
