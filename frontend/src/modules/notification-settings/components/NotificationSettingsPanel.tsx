import { useTranslation } from 'react-i18next';
import { errorText } from '@/modules/api/errors';
import { Card, Stack } from '@/modules/ui/components/Layout';
import { Loading } from '@/modules/ui/components/Spinner';
import { useNotificationSettings } from '../hooks/useNotificationSettings';
import { shownKinds } from '../utils/kinds';
import { NotificationChannelsCard } from './NotificationChannelsCard';
import { QuietHoursCard } from './QuietHoursCard';

/** `/settings?tab=notifications`: how each kind of notification reaches the person, and their quiet hours. */
export function NotificationSettingsPanel() {
  const { t } = useTranslation();
  const { settings, error, setChannel, saveQuietHours } = useNotificationSettings();
  if (error) return <Card role="alert">{errorText(t, error)}</Card>;
  if (!settings) return <Loading label={t('common.loading')} />;
  return (
    <Stack>
      <NotificationChannelsCard kinds={shownKinds(settings)} onChange={setChannel} />
      <QuietHoursCard saved={settings.quietHours} onSave={saveQuietHours} />
    </Stack>
  );
}
