import { useEffect, useState } from 'react';
import { useBlogCalls } from './useBlogCalls';

/** How long typing rests before the preview is rendered again. */
const PAUSE_MS = 400;

/** The server's rendering of the Markdown being written (the same as the post will show), once typing rests. */
export function usePreview(content: string, conclusion: string) {
  const calls = useBlogCalls();
  const [preview, setPreview] = useState<{ html: string; duration: number } | null>(null);
  useEffect(() => {
    let current = true;
    const timer = window.setTimeout(() => {
      calls
        .preview(content, conclusion)
        .then((p) => {
          if (current) setPreview(p);
        })
        .catch(() => {
          // The preview is a help: the post's own save reports failures.
        });
    }, PAUSE_MS);
    return () => {
      current = false;
      window.clearTimeout(timer);
    };
  }, [calls, content, conclusion]);
  return preview;
}
