import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/modules/api/errors';
import { useApi } from '@/modules/auth/hooks/useApi';
import { useSnackbar } from '@/modules/snackbar/hooks/useSnackbar';
import type { Message } from '../utils/chat';

/** The longest search text (the server's limit). */
export const SEARCH_MAX = 200;

/**
 * Searching the messages of the conversations one reads: the words typed, and what the last
 * search found (`null` before one, or once the words are cleared).
 */
export function useMessageSearch(storeId: string | null) {
  const { t } = useTranslation();
  const api = useApi();
  const snack = useSnackbar();
  const [query, setQueryText] = useState('');
  const [found, setFound] = useState<Message[] | null>(null);
  const setQuery = useCallback((text: string) => {
    setQueryText(text);
    if (!text) setFound(null);
  }, []);
  const search = useCallback(async () => {
    const words = query.trim();
    if (!storeId || !words) return;
    // A read, not a call: the chat's snackbar reports its failure the same way.
    await api.get<Message[]>(`/stores/${storeId}/messages/search`, { q: words }).then(setFound, (e: unknown) => snack(errorText(t, e), 'error', 'chat'));
  }, [api, query, snack, storeId, t]);
  return { query, setQuery, found, search };
}
