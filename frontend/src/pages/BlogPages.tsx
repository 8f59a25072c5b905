import { BlogEditorFrame } from '@/modules/blog/components/BlogEditorFrame';
import { PostEditor } from '@/modules/blog/components/PostEditor';
import { PostsAdmin } from '@/modules/blog/components/PostsAdmin';

/** `/posts/admin` and `/posts/admin/list`: the editors' list of posts. */
export function BlogAdminPage() {
  return (
    <BlogEditorFrame>
      <PostsAdmin />
    </BlogEditorFrame>
  );
}

/** `/posts/admin/list/detail`: a post's editor. */
export function BlogPostEditorPage() {
  return (
    <BlogEditorFrame>
      <PostEditor />
    </BlogEditorFrame>
  );
}
