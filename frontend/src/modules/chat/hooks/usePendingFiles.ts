import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UploadedFile } from '@/modules/api/client';
import { errorText } from '@/modules/api/errors';
import { useApi } from '@/modules/auth/hooks/useApi';
import { useSnackbar } from '@/modules/snackbar/hooks/useSnackbar';

/** The most files one message carries (the server's limit). */
export const FILES_PER_MESSAGE = 10;

/** A file being attached to the message in the composer. */
export interface PendingFile {
  key: string;
  name: string;
  /** The server's record once uploaded. */
  uploaded: UploadedFile | null;
}

let next = 0;

/**
 * The files attached in the composer: each uploads as soon as it is chosen or pasted (so
 * sending is instant), and one the server refuses (type, size) is dropped with its reason.
 */
export function usePendingFiles(storeId: string | null) {
  const { t } = useTranslation();
  const api = useApi();
  const snack = useSnackbar();
  const [pending, setPending] = useState<PendingFile[]>([]);

  const add = useCallback(
    (files: Iterable<File>) => {
      if (!storeId) return;
      for (const file of files) {
        next += 1;
        const key = `f${next}`;
        const name = file.name || t('chat.pastedImage');
        setPending((cur) => (cur.length >= FILES_PER_MESSAGE ? cur : [...cur, { key, name, uploaded: null }]));
        api.upload(file, name, { purpose: 'chat', storeId }).then(
          (uploaded) => setPending((cur) => cur.map((p) => (p.key === key ? { ...p, uploaded } : p))),
          (e: unknown) => {
            setPending((cur) => cur.filter((p) => p.key !== key));
            snack(`${name}: ${errorText(t, e)}`, 'error', 'chat');
          },
        );
      }
    },
    [api, snack, storeId, t],
  );

  const remove = useCallback((key: string) => setPending((cur) => cur.filter((p) => p.key !== key)), []);
  const clear = useCallback(() => setPending([]), []);
  const uploading = pending.some((p) => !p.uploaded);
  const ready = pending.flatMap((p) => (p.uploaded ? [p.uploaded.id] : []));
  return { pending, add, remove, clear, uploading, ready };
}
