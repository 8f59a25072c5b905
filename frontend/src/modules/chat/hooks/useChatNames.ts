import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentStore } from '@/modules/stores/hooks/useCurrentStore';
import type { Conversation } from '../utils/chat';

/** How people and conversations are named in the chat: a colleague by their shown name, a
 * conversation by its title, else by its other members. */
export function useChatNames() {
  const { t } = useTranslation();
  const { me, employees } = useCurrentStore();
  const nameOf = useCallback(
    (id: string | null | undefined) => {
      const e = employees.find((x) => x.id === id);
      return e ? e.displayName || e.email : t('chat.store');
    },
    [employees, t],
  );
  const titleOf = useCallback(
    (c: Conversation) =>
      c.kind === 'team'
        ? t('chat.team')
        : c.title ||
          c.members
            .filter((m) => m !== me?.id)
            .map((m) => nameOf(m))
            .join(', '),
    [me?.id, nameOf, t],
  );
  return { nameOf, titleOf };
}
