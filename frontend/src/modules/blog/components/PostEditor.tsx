import { useEffect, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { errorText } from '@/modules/api/errors';
import { choiceOf } from '@/modules/forms/validation';
import { useReportedCall } from '@/modules/snackbar/hooks/useReportedCall';
import { Button } from '@/modules/ui/components/Button';
import { ConfirmDialog } from '@/modules/ui/components/ConfirmDialog';
import { FormError, SelectField, TextAreaField, TextField } from '@/modules/ui/components/Field';
import { Card, Muted, PageHeader, Row, Stack } from '@/modules/ui/components/Layout';
import { useBlogCalls } from '../hooks/useBlogCalls';
import { useBlogFormats } from '../hooks/useBlogFormats';
import { usePreview } from '../hooks/usePreview';
import { POST_LANGUAGES, type PostLanguage, type PostView } from '../types/blog';
import { parseTags, postAddress } from '../utils/tags';
import { PostComments } from './PostComments';

const StyledColumns = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.spacing(4)};
  @media (min-width: 900px) {
    grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
  }
`;

const StyledContent = styled(TextAreaField)`
  min-height: 360px;
  font-family: ui-monospace, SFMono-Regular, Menlo, monospace;
`;

const StyledPreview = styled.div`
  overflow-wrap: anywhere;
  img { max-width: 100%; height: auto; }
  pre { overflow-x: auto; }
  table { display: block; overflow-x: auto; }
`;

const StyledCover = styled.img`
  max-width: 100%;
  height: auto;
  border-radius: ${({ theme }) => theme.radius}px;
`;

const StyledFile = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing(1)};
  font-size: 14px;
  label { color: ${({ theme }) => theme.color.text}; font-weight: 500; }
  input { max-width: 100%; }
`;

/** What the form holds. */
interface Draft {
  language: PostLanguage;
  title: string;
  slug: string;
  abstract: string;
  tags: string;
  content: string;
  conclusion: string;
  cover: string | null;
  coverUrl: string | null;
}

const EMPTY: Draft = { language: 'en', title: '', slug: '', abstract: '', tags: '', content: '', conclusion: '', cover: null, coverUrl: null };

function draftOf(post: PostView): Draft {
  return {
    language: post.language,
    title: post.title,
    slug: post.slug,
    abstract: post.abstract,
    tags: post.tags.join(', '),
    content: post.markdown ?? '',
    conclusion: post.conclusion,
    cover: post.cover.id,
    coverUrl: post.cover.url,
  };
}

/**
 * `/posts/admin/list/detail`: a post's editor, with the server's rendering of its Markdown
 * beside it as it is typed. `?id=` edits a post; `?translationOf=&language=` starts another
 * language's version of one; neither, a new post.
 */
export function PostEditor() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = params.get('id');
  const translationOf = params.get('translationOf');
  const calls = useBlogCalls();
  const { minutes } = useBlogFormats();
  const { run, busy } = useReportedCall();
  const [post, setPost] = useState<PostView | null>(null);
  const [draft, setDraft] = useState<Draft>(() => ({ ...EMPTY, language: choiceOf(POST_LANGUAGES, params.get('language') ?? '') ?? 'en' }));
  const [loadError, setLoadError] = useState<unknown>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const preview = usePreview(draft.content, draft.conclusion);

  useEffect(() => {
    if (!id) {
      setPost(null);
      return;
    }
    calls
      .post(id)
      .then((p) => {
        setPost(p);
        setDraft(draftOf(p));
      })
      .catch(setLoadError);
  }, [calls, id]);

  const set = (field: keyof Draft) => (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
    setDraft((d) => ({ ...d, [field]: e.target.value }));

  const handleCover = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    if (!file) return;
    const made = await run(() => calls.uploadCover(file), { key: 'cover', inline: setError });
    if (made) setDraft((d) => ({ ...d, cover: made.data, coverUrl: `/api/v1/files/${made.data}/thumbnail` }));
  };

  const handleSave = async (e: FormEvent) => {
    e.preventDefault();
    if (!draft.title.trim() || !draft.abstract.trim() || !draft.content.trim()) {
      setError(t('blog.editor.required'));
      return;
    }
    if (!draft.cover) {
      setError(t('blog.editor.coverRequired'));
      return;
    }
    const saved = await run(
      () =>
        calls.save({
          postId: id ?? undefined,
          translationOf: id ? undefined : (translationOf ?? undefined),
          language: draft.language,
          title: draft.title,
          slug: draft.slug.trim() || undefined,
          abstract: draft.abstract,
          content: draft.content,
          conclusion: draft.conclusion,
          tags: parseTags(draft.tags),
          cover: draft.cover ?? undefined,
        }),
      { key: 'post', done: 'blog.editor.saved', inline: setError },
    );
    if (saved) {
      setPost(saved.data);
      setDraft(draftOf(saved.data));
      if (saved.data.id !== id) navigate(`/posts/admin/list/detail?id=${saved.data.id}`, { replace: true });
    }
  };

  const handlePublish = async () => {
    if (!post) return;
    const done = await run(() => calls.publish(post.id, !post.published), {
      key: 'post',
      done: post.published ? 'blog.editor.withdrawn' : 'blog.editor.publishedNow',
      inline: setError,
    });
    if (done) setPost(done.data);
  };

  const handleDelete = async () => {
    if (!post) return;
    const done = await run(() => calls.remove(post.id), { key: 'post', done: 'blog.editor.deleted', inline: setError });
    setConfirmDelete(false);
    if (done) navigate('/posts/admin/list');
  };

  const missing = post ? POST_LANGUAGES.filter((l) => l !== post.language && !post.translations.some((v) => v.language === l)) : [];

  if (loadError) {
    return <Card role="alert">{errorText(t, loadError)}</Card>;
  }
  return (
    <Stack>
      <PageHeader>
        <h1>{id ? t('blog.editor.edit') : translationOf ? t('blog.editor.translate') : t('blog.editor.new')}</h1>
        <Row>
          {post?.published ? (
            <a href={postAddress(post.slug, post.language)} data-testid="view-post">
              {t('blog.editor.view')}
            </a>
          ) : null}
          <Link to="/posts/admin/list">{t('blog.admin.title')}</Link>
        </Row>
      </PageHeader>
      {post ? (
        <Muted data-testid="post-state">
          {t(post.published ? 'blog.admin.published' : 'blog.admin.draft')} · {t('blog.editor.reading', { minutes: minutes(post.duration) })}
        </Muted>
      ) : null}
      <form onSubmit={(e) => void handleSave(e)} noValidate data-testid="post-form">
        <StyledColumns>
          <Card>
            <Stack $gap={3}>
              <SelectField
                label={t('blog.admin.language')}
                value={draft.language}
                onChange={(e) => setDraft((d) => ({ ...d, language: choiceOf(POST_LANGUAGES, e.target.value) ?? d.language }))}
                options={POST_LANGUAGES.map((l) => ({ value: l, label: t(`blog.languages.${l}`) }))}
                data-testid="post-language"
              />
              <TextField label={t('blog.editor.title')} value={draft.title} maxLength={160} required onChange={set('title')} dir="auto" data-testid="post-title" />
              <TextField label={t('blog.editor.slug')} value={draft.slug} maxLength={80} onChange={set('slug')} dir="auto" placeholder={t('blog.editor.slugHint')} data-testid="post-slug" />
              <TextAreaField label={t('blog.editor.abstract')} value={draft.abstract} maxLength={400} required rows={3} onChange={set('abstract')} data-testid="post-abstract" />
              <TextField label={t('blog.editor.tags')} value={draft.tags} onChange={set('tags')} dir="auto" placeholder={t('blog.editor.tagsHint')} data-testid="post-tags" />
              <StyledFile>
                <label htmlFor="post-cover">{t('blog.editor.cover')}</label>
                <input id="post-cover" type="file" accept="image/jpeg,image/png,image/webp,image/gif" onChange={(e) => void handleCover(e)} data-testid="post-cover" />
                {draft.coverUrl ? <StyledCover src={draft.coverUrl} alt={t('blog.editor.coverAlt')} width={600} height={300} /> : null}
              </StyledFile>
              <StyledContent label={t('blog.editor.content')} value={draft.content} required rows={16} onChange={set('content')} data-testid="post-content" />
              <TextAreaField label={t('blog.editor.conclusion')} value={draft.conclusion} maxLength={4000} rows={3} onChange={set('conclusion')} data-testid="post-conclusion" />
            </Stack>
          </Card>
          <Card aria-labelledby="preview-title">
            <h2 id="preview-title">{t('blog.editor.preview')}</h2>
            {preview ? <Muted>{t('blog.editor.reading', { minutes: minutes(preview.duration) })}</Muted> : null}
            {/* The server's own rendering: sanitised Markdown, as the post will show it. */}
            <StyledPreview dir="auto" data-testid="post-preview" dangerouslySetInnerHTML={{ __html: preview?.html ?? '' }} />
          </Card>
        </StyledColumns>
        <Stack $gap={3}>
          {error ? <FormError role="alert">{error}</FormError> : null}
          <Row>
            <Button type="submit" disabled={busy} data-testid="save-post">
              {t('blog.editor.save')}
            </Button>
            {post ? (
              <Button type="button" $variant="secondary" disabled={busy} onClick={() => void handlePublish()} data-testid="publish-post">
                {t(post.published ? 'blog.editor.withdraw' : 'blog.editor.publish')}
              </Button>
            ) : null}
            {post ? (
              <Button type="button" $variant="danger" disabled={busy} onClick={() => setConfirmDelete(true)} data-testid="delete-post">
                {t('blog.editor.delete')}
              </Button>
            ) : null}
          </Row>
        </Stack>
      </form>
      {post ? (
        <Card aria-labelledby="translations-title">
          <h2 id="translations-title">{t('blog.editor.translations')}</h2>
          <Row>
            {post.translations.map((v) => (
              <Link key={v.id} to={`/posts/admin/list/detail?id=${v.id}`} lang={v.language}>
                {t(`blog.languages.${v.language}`)}: {v.title}
              </Link>
            ))}
            {missing.map((l) => (
              <Link key={l} to={`/posts/admin/list/detail?translationOf=${post.id}&language=${l}`} data-testid={`translate-${l}`}>
                {t('blog.editor.addTranslation', { language: t(`blog.languages.${l}`) })}
              </Link>
            ))}
          </Row>
        </Card>
      ) : null}
      {post ? <PostComments post={post} onChanged={() => void calls.post(post.id).then(setPost)} /> : null}
      {confirmDelete ? (
        <ConfirmDialog
          title={t('blog.editor.deleteTitle')}
          body={t('blog.editor.deleteBody', { title: post?.title ?? '' })}
          confirmLabel={t('blog.editor.delete')}
          cancelLabel={t('common.cancel')}
          danger
          busy={busy}
          onConfirm={() => void handleDelete()}
          onCancel={() => setConfirmDelete(false)}
        />
      ) : null}
    </Stack>
  );
}
