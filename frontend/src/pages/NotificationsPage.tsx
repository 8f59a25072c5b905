import { NotificationList } from '@/modules/notifications/components/NotificationList';

/** `/notifications`: the user's notifications. */
export function NotificationsPage() {
  return <NotificationList />;
}
