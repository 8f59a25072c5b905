import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useLiveFeeds } from '@/modules/app/hooks/useLiveFeeds';
import { useCurrentStore } from '@/modules/stores/hooks/useCurrentStore';
import { Loading } from '@/modules/ui/components/Spinner';
import { ConversationList } from './ConversationList';
import { Thread } from './Thread';

/**
 * `/messages`: the store's conversations with their unread counts, or the open one's thread
 * (`?c=<conversation>`), live.
 */
export function MessagesPage() {
  const { t } = useTranslation();
  const { store, me, permissions } = useCurrentStore();
  const manager = permissions.isOwner || permissions.names.includes('schedule') || permissions.names.includes('employee');
  const { data: conversations, reload } = useLiveFeeds().conversations;
  const [params, setParams] = useSearchParams();
  const openId = params.get('c');
  const open = conversations?.find((c) => c.id === openId) ?? null;

  if (!store || !me) return <Loading label={t('common.loading')} />;
  if (open) return <Thread key={open.id} conversation={open} manager={manager} onBack={() => setParams({})} onSeen={reload} />;
  return <ConversationList conversations={conversations} onOpen={(c) => setParams({ c })} onStarted={reload} />;
}
