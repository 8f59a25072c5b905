import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { useReportedCall } from '@/modules/snackbar/hooks/useReportedCall';
import { Button } from '@/modules/ui/components/Button';
import { Badge, Card, Muted, Row, Stack } from '@/modules/ui/components/Layout';
import { useBlogCalls } from '../hooks/useBlogCalls';
import { useBlogFormats } from '../hooks/useBlogFormats';
import type { CommentModeration, CommentStatus, PostAnswer, PostView } from '../types/blog';

const StyledList = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing(3)};
`;

const StyledAnswers = styled(StyledList)`
  margin-top: ${({ theme }) => theme.spacing(2)};
  padding-inline-start: ${({ theme }) => theme.spacing(4)};
  border-inline-start: 3px solid ${({ theme }) => theme.color.border};
`;

const StyledText = styled.p`
  margin: ${({ theme }) => theme.spacing(1)} 0;
  white-space: pre-line;
  overflow-wrap: anywhere;
  unicode-bidi: plaintext;
`;

/** What each moderation says once done. */
const DONE: Record<CommentModeration, string> = { approve: 'blog.comments.approvedNow', hide: 'blog.comments.hiddenNow', delete: 'blog.comments.deletedNow' };

const STATUS_COLOURS: Record<CommentStatus, string> = { pending: '#9a6700', approved: '#1a7f37', hidden: '#57606a' };

export type PostCommentsProps = { post: PostView; onChanged: () => void };

/** A post's comments for its editors: every one with its standing and address, to approve, hide or delete. */
export function PostComments({ post, onChanged }: PostCommentsProps) {
  const { t } = useTranslation();
  const calls = useBlogCalls();
  const { when } = useBlogFormats();
  const { run, busy } = useReportedCall();

  const handle = async (id: string, action: CommentModeration) => {
    const done = await run(() => calls.moderate(id, action), { key: `comment-${id}`, done: DONE[action] });
    if (done) onChanged();
  };

  const entry = (c: PostAnswer) => (
    <Stack $gap={1}>
      <Row>
        <strong>
          <bdi>{c.author}</bdi>
        </strong>
        <Muted>
          <bdi>{c.email}</bdi> · {when(c.createdAt)}
        </Muted>
        <Badge $color={STATUS_COLOURS[c.status]}>{t(`blog.comments.status.${c.status}`)}</Badge>
      </Row>
      <StyledText>{c.text}</StyledText>
      <Row>
        {c.status !== 'approved' ? (
          <Button type="button" $small disabled={busy} onClick={() => void handle(c.id, 'approve')} data-testid="approve-comment">
            {t('blog.comments.approve')}
          </Button>
        ) : null}
        {c.status !== 'hidden' ? (
          <Button type="button" $small $variant="secondary" disabled={busy} onClick={() => void handle(c.id, 'hide')}>
            {t('blog.comments.hide')}
          </Button>
        ) : null}
        <Button type="button" $small $variant="danger" disabled={busy} onClick={() => void handle(c.id, 'delete')}>
          {t('blog.comments.delete')}
        </Button>
      </Row>
    </Stack>
  );

  return (
    <Card aria-labelledby="comments-title">
      <h2 id="comments-title">{t('blog.comments.title')}</h2>
      {post.comments.length === 0 ? <Muted>{t('blog.comments.empty')}</Muted> : null}
      <StyledList data-testid="post-comments">
        {post.comments.map((c) => (
          <li key={c.id} data-testid="post-comment">
            {entry(c)}
            {c.responses.length > 0 ? (
              <StyledAnswers>
                {c.responses.map((a) => (
                  <li key={a.id}>{entry(a)}</li>
                ))}
              </StyledAnswers>
            ) : null}
          </li>
        ))}
      </StyledList>
    </Card>
  );
}
