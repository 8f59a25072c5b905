import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '@/i18n';
import { tokenState } from '@/modules/auth/states/tokenState';
import { renderWithProviders } from '@/test/render';
import type { PostSummary } from '../types/blog';
import { PostsAdmin } from './PostsAdmin';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function post(fields: Partial<PostSummary>): PostSummary {
  return {
    id: 'p1',
    title: 'Plan a week',
    slug: 'plan-a-week',
    abstract: 'How.',
    cover: { id: 'f1', url: '/api/v1/files/f1/thumbnail', smallUrl: '/api/v1/files/f1/small', width: 1200, height: 600 },
    tags: [],
    author: { name: 'Elena', avatar: null },
    language: 'en',
    createdAt: 0,
    modified: 0,
    published: true,
    publishedAt: 0,
    like: 3,
    seenCount: 7,
    duration: 119,
    audio: null,
    commentCount: 0,
    pendingComments: 0,
    ...fields,
  };
}

/** The server as the list reads it, and every address asked for. */
function serve(answer: (url: string) => Response) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => answer(String(input)));
}

const render = () => renderWithProviders(<PostsAdmin />, { route: '/posts/admin/list', initializeState: (s) => s.set(tokenState, 'tok') });

afterEach(() => vi.restoreAllMocks());

describe('PostsAdmin', () => {
  it('lists drafts and published posts with the comments waiting, and narrows them by language', async () => {
    const fetch = serve((url) =>
      json({
        data: {
          posts: url.includes('language=es')
            ? [post({ id: 'p3', title: 'Planificar', language: 'es' })]
            : [post({ pendingComments: 2 }), post({ id: 'p2', title: 'Secret', published: false })],
          more: false,
        },
      }),
    );
    render();
    expect((await screen.findByRole('link', { name: 'Plan a week' })).getAttribute('href')).toBe('/posts/admin/list/detail?id=p1');
    expect(screen.getByText('2 comments waiting')).toBeTruthy();
    expect(screen.getByText('Draft')).toBeTruthy();
    await userEvent.selectOptions(screen.getByLabelText('Language'), 'es');
    expect(await screen.findByRole('link', { name: 'Planificar' })).toBeTruthy();
    expect(fetch.mock.calls.map(([u]) => String(u))).toContain('/api/v1/posts/admin?language=es&offset=0');
  });

  it('tells someone who is not an editor so', async () => {
    serve(() => json({ code: 'not_blog_editor', message: "Only the blog's editors write posts." }, 403));
    render();
    expect((await screen.findByRole('alert')).textContent).toBe("Only the blog's editors see and write posts.");
  });
});
