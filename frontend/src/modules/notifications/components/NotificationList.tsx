import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { errorText } from '@/modules/api/errors';
import { useLiveFeeds } from '@/modules/app/hooks/useLiveFeeds';
import { useShiftCalls } from '@/modules/schedule/hooks/useShiftCalls';
import { useReportedCall } from '@/modules/snackbar/hooks/useReportedCall';
import { useCurrentStore } from '@/modules/stores/hooks/useCurrentStore';
import { Button } from '@/modules/ui/components/Button';
import { Card, Muted, PageHeader, Row, Stack } from '@/modules/ui/components/Layout';
import { CardItem, CardList } from '@/modules/ui/components/List';
import { notificationText } from '../utils/notificationText';
import { mergeNotifications, unseenIds, VARIANT_TONE } from '../utils/notifications';

/**
 * The user's notifications (the 20 newest private and 20 newest public), live. Opening the
 * list marks what it shows as seen; each can be deleted.
 */
export function NotificationList() {
  const { t, i18n } = useTranslation();
  const { call } = useReportedCall();
  const run = useShiftCalls();
  const { storeId, store, permissions } = useCurrentStore();
  // The frame's read, which the navigation badge counts too.
  const { data, error, reload } = useLiveFeeds().notifications;
  const list = useMemo(() => mergeNotifications(data), [data]);
  // In the store's zone, as its shifts are.
  const when = new Intl.DateTimeFormat(i18n.resolvedLanguage, { dateStyle: 'medium', timeStyle: 'short', timeZone: store?.timezoneReference });
  const marking = useRef(new Set<string>());

  // What the list shows is seen; each id is marked once.
  useEffect(() => {
    if (!storeId) return;
    const ids = unseenIds(list).filter((id) => !marking.current.has(id));
    if (ids.length === 0) return;
    ids.forEach((id) => marking.current.add(id));
    run('markNotificationsSeen', { store: storeId, notificationIds: ids })
      .then(reload)
      .catch(() => {
        ids.forEach((id) => marking.current.delete(id));
      });
  }, [list, storeId, run, reload]);

  const remove = async (id: string) => {
    if (!storeId) return;
    if (await call('deleteNotifications', { store: storeId, notificationIds: [id] }, { key: `notification-${id}` })) reload();
  };

  return (
    <Stack>
      <PageHeader>
        <h1>{t('notifications.title')}</h1>
        <Row $gap={4}>
          <Link to="/settings?tab=notifications" data-testid="notification-settings">{t('notifications.settings')}</Link>
          {permissions.isManager || permissions.isOwner ? (
            <Link to="/newNotification" data-testid="new-announcement">{t('announce.new')}</Link>
          ) : null}
        </Row>
      </PageHeader>
      {error ? <Card role="alert">{errorText(t, error)}</Card> : null}
      {data === null && !error ? <Muted>{t('common.loading')}</Muted> : null}
      {data !== null && list.length === 0 ? <Card>{t('notifications.empty')}</Card> : null}
      <CardList data-testid="notifications">
        {list.map((n) => {
          const text = notificationText(t, n, store?.timezoneReference, i18n.resolvedLanguage);
          return (
            <CardItem key={n.id} $highlight={!n.seen} data-testid="notification" data-tone={VARIANT_TONE[n.variant] ?? 'info'} data-code={n.code ?? undefined}>
              <Row $justify="space-between">
                <strong>{text.title}</strong>
                <Muted>{when.format(n.timestamp)}</Muted>
              </Row>
              <span data-testid="notification-content">{text.content}</span>
              <Row $justify="space-between">
                <Muted>{n.accessFor === 'public' ? t('notifications.public') : ''}</Muted>
                <Button $small $variant="ghost" onClick={() => void remove(n.id)} aria-label={t('notifications.delete', { title: text.title })}>
                  {t('common.delete')}
                </Button>
              </Row>
            </CardItem>
          );
        })}
      </CardList>
    </Stack>
  );
}
