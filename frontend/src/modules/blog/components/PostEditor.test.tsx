import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '@/i18n';
import { tokenState } from '@/modules/auth/states/tokenState';
import { renderWithProviders } from '@/test/render';
import { PostEditor } from './PostEditor';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => vi.restoreAllMocks());

describe('PostEditor', () => {
  it("shows the server's rendering of the Markdown beside it and asks for a cover before saving", async () => {
    const previews: unknown[] = [];
    const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      if (String(input) === '/api/v1/previewPost') {
        const body = JSON.parse(String(init?.body)) as { content: string };
        previews.push(body);
        return json({ data: { html: body.content.includes('**') ? '<p>Plan <strong>weekly</strong>.</p>' : '', duration: 119 } });
      }
      return json({ code: 'not_found', message: 'Not found.' }, 404);
    });
    renderWithProviders(<PostEditor />, { route: '/posts/admin/list/detail', initializeState: (s) => s.set(tokenState, 'tok') });
    await userEvent.type(screen.getByTestId('post-title'), 'Plan');
    await userEvent.type(screen.getByTestId('post-abstract'), 'How.');
    await userEvent.type(screen.getByTestId('post-content'), 'Plan **weekly**.');
    await waitFor(() => expect(screen.getByTestId('post-preview').querySelector('strong')?.textContent).toBe('weekly'));
    expect(screen.getByText('2 min read')).toBeTruthy();
    // Typing is rendered once it rests, not at every key.
    expect(previews.length).toBeLessThan(5);
    await userEvent.click(screen.getByTestId('save-post'));
    expect((await screen.findByRole('alert')).textContent).toBe('Choose a cover picture.');
    expect(fetch.mock.calls.some(([url]) => String(url) === '/api/v1/savePost')).toBe(false);
  });
});
