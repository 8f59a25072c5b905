import { useCallback, useEffect, useState } from 'react';
import type { Template, TemplateKind } from '@/modules/api/types';
import { useOnceFirstScreenDrawn } from '@/modules/app/utils/firstScreen';
import { useApi } from '@/modules/auth/hooks/useApi';
import { useChanges } from '@/modules/realtime/hooks/useChanges';
import { useCurrentStore } from '@/modules/stores/hooks/useCurrentStore';

/**
 * The store's templates of one kind (all when none), kept live: another manager's new,
 * changed or deleted template shows at once. Read once the first screen is drawn
 * (`firstScreen.ts`): the board offers them in its dialogs, not in its first view.
 */
export function useTemplates(kind?: TemplateKind) {
  const api = useApi();
  const storeId = useOnceFirstScreenDrawn(useCurrentStore().storeId);
  const [templates, setTemplates] = useState<Template[]>([]);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<unknown>(null);

  const reload = useCallback(async () => {
    if (!storeId) return;
    setLoading(true);
    try {
      setTemplates(await api.get<Template[]>(`/stores/${storeId}/templates`, { type: kind }));
      setError(null);
    } catch (e) {
      setError(e);
    } finally {
      setLoading(false);
    }
  }, [api, storeId, kind]);

  useEffect(() => {
    void reload();
  }, [reload]);

  useChanges(
    (event) => {
      if (event.type === 'template.created' || event.type === 'template.updated') {
        const t = event.data as Template;
        if (kind && t.type !== kind) return;
        setTemplates((list) => (list.some((x) => x.id === t.id) ? list.map((x) => (x.id === t.id ? t : x)) : [...list, t]));
      } else if (event.type === 'template.deleted') {
        const { id } = event.data as { id: string };
        setTemplates((list) => list.filter((x) => x.id !== id));
      }
    },
    () => void reload(),
  );

  return { templates, loading, error, reload };
}
