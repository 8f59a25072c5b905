import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { ApiError } from '@/modules/api/ApiError';
import { errorText } from '@/modules/api/errors';
import { Button } from '@/modules/ui/components/Button';
import { SelectField } from '@/modules/ui/components/Field';
import { Badge, Card, Muted, PageHeader, Row, Stack } from '@/modules/ui/components/Layout';
import { CardItem, CardList } from '@/modules/ui/components/List';
import { useBlogCalls } from '../hooks/useBlogCalls';
import { useBlogFormats } from '../hooks/useBlogFormats';
import { POST_LANGUAGES, type PostSummary } from '../types/blog';

const StyledTitle = styled(Link)`
  font-weight: 600;
  color: ${({ theme }) => theme.color.text};
  overflow-wrap: anywhere;
  unicode-bidi: plaintext;
`;

const StyledFilter = styled.div`
  max-width: 240px;
`;

/** `/posts/admin/list`: every post, drafts too, newest change first, with comments waiting. */
export function PostsAdmin() {
  const { t } = useTranslation();
  const calls = useBlogCalls();
  const { when, number } = useBlogFormats();
  const [language, setLanguage] = useState('');
  const [posts, setPosts] = useState<PostSummary[] | null>(null);
  const [more, setMore] = useState(false);
  const [error, setError] = useState<unknown>(null);

  const load = useCallback(
    (offset: number) => {
      calls
        .list({ language: language || undefined, offset })
        .then((page) => {
          setPosts((before) => (offset === 0 ? page.posts : [...(before ?? []), ...page.posts]));
          setMore(page.more);
          setError(null);
        })
        .catch(setError);
    },
    [calls, language],
  );
  useEffect(() => load(0), [load]);

  const refused = error instanceof ApiError && error.status === 403;
  return (
    <Stack>
      <PageHeader>
        <h1>{t('blog.admin.title')}</h1>
        <Link to="/posts/admin/list/detail" data-testid="new-post">
          {t('blog.admin.new')}
        </Link>
      </PageHeader>
      <StyledFilter>
        <SelectField
          label={t('blog.admin.language')}
          value={language}
          onChange={(e) => setLanguage(e.target.value)}
          options={[{ value: '', label: t('blog.admin.allLanguages') }, ...POST_LANGUAGES.map((l) => ({ value: l, label: t(`blog.languages.${l}`) }))]}
        />
      </StyledFilter>
      {refused ? <Card role="alert">{t('blog.admin.notEditor')}</Card> : null}
      {error && !refused ? <Card role="alert">{errorText(t, error)}</Card> : null}
      {posts === null && !error ? <Muted>{t('common.loading')}</Muted> : null}
      {posts && posts.length === 0 ? <Card>{t('blog.admin.empty')}</Card> : null}
      <CardList data-testid="posts">
        {(posts ?? []).map((post) => (
          <CardItem key={post.id} data-testid="post" data-post={post.id}>
            <Row $justify="space-between">
              <StyledTitle to={`/posts/admin/list/detail?id=${post.id}`} lang={post.language}>
                {post.title}
              </StyledTitle>
              <Row>
                <Badge $color={post.published ? '#1a7f37' : '#57606a'}>{t(post.published ? 'blog.admin.published' : 'blog.admin.draft')}</Badge>
                {post.pendingComments ? <Badge>{t('blog.admin.waiting', { count: post.pendingComments })}</Badge> : null}
              </Row>
            </Row>
            <Muted>
              {t(`blog.languages.${post.language}`)} · {t('blog.admin.modified', { when: when(post.modified) })} · {t('blog.admin.likes', { count: post.like, n: number(post.like) })} ·{' '}
              {t('blog.admin.readers', { count: post.seenCount, n: number(post.seenCount) })}
            </Muted>
          </CardItem>
        ))}
      </CardList>
      {more ? (
        <Row>
          <Button type="button" $variant="secondary" onClick={() => load(posts?.length ?? 0)}>
            {t('blog.admin.more')}
          </Button>
        </Row>
      ) : null}
    </Stack>
  );
}
