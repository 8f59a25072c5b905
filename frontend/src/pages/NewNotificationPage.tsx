import { AnnouncementForm } from '@/modules/notifications/components/AnnouncementForm';

/** `/newNotification`: a manager's announcement. */
export function NewNotificationPage() {
  return <AnnouncementForm />;
}
