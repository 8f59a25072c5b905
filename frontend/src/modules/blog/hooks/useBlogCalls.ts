import { useMemo } from 'react';
import { useApi } from '@/modules/auth/hooks/useApi';
import type { CallInput } from '@/modules/api/types';
import type { CommentModeration, PostList, PostView } from '../types/blog';

/** The blog editors' calls and reads, as the signed-in user. */
export function useBlogCalls() {
  const api = useApi();
  return useMemo(
    () => ({
      list: (query: { language?: string; offset?: number }) => api.get<PostList>('/posts/admin', query),
      post: (id: string) => api.get<PostView>(`/posts/admin/${id}`),
      /** Uploads a cover picture and answers its id. */
      uploadCover: async (file: File) => (await api.upload(file, file.name, { purpose: 'cover' })).id,
      save: (input: CallInput<'savePost'>) => api.call('savePost', input),
      publish: (postId: string, published: boolean) => api.call('publishPost', { postId, published }),
      remove: (postId: string) => api.call('deletePost', { postId }),
      preview: (content: string, conclusion: string) => api.call('previewPost', { content, conclusion }),
      moderate: (commentId: string, action: CommentModeration) => api.call('moderateComment', { commentId, action }),
    }),
    [api],
  );
}
