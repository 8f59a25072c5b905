import { useEffect, useState } from 'react';
import { useApi } from '@/modules/auth/hooks/useApi';

/** Object URLs of downloaded chat files, by address; kept for the page's life (they are small thumbnails, mostly). */
const cache = new Map<string, Promise<string>>();
/** The most files kept; past it the oldest is released. */
const KEEP = 300;

/**
 * A chat file's address made usable by `<img src>`: chat files need the bearer token, which an
 * image request cannot send, so the file is fetched with it and shown from an object URL.
 * `null` while loading or when it cannot be read.
 */
export function useFileUrl(url: string | null | undefined): string | null {
  const api = useApi();
  const [objectUrl, setObjectUrl] = useState<string | null>(null);
  useEffect(() => {
    setObjectUrl(null);
    if (!url) return;
    let live = true;
    let pending = cache.get(url);
    if (!pending) {
      pending = api.blob(url).then((blob) => URL.createObjectURL(blob));
      pending.catch(() => cache.delete(url));
      cache.set(url, pending);
      if (cache.size > KEEP) {
        const [oldest, gone] = cache.entries().next().value as [string, Promise<string>];
        cache.delete(oldest);
        void gone.then((u) => URL.revokeObjectURL(u), () => undefined);
      }
    }
    pending.then(
      (u) => live && setObjectUrl(u),
      () => live && setObjectUrl(null),
    );
    return () => {
      live = false;
    };
  }, [api, url]);
  return objectUrl;
}

/** Saves a file the caller may read under its name (a document of a message). */
export async function saveFile(blob: Blob, name: string): Promise<void> {
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
