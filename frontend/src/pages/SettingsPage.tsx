import { useTranslation } from 'react-i18next';
import { PushNotificationsCard } from '@/modules/push/components/PushNotificationsCard';
import { AppearanceForm } from '@/modules/settings/components/AppearanceForm';
import { PasswordForm } from '@/modules/settings/components/PasswordForm';
import { ProfileForm } from '@/modules/settings/components/ProfileForm';
import { SignOutEverywhereCard } from '@/modules/settings/components/SignOutEverywhereCard';
import { ToursCard } from '@/modules/tour/components/ToursCard';
import { PageHeader, Stack } from '@/modules/ui/components/Layout';

/** `/settings`: profile, password, sessions, notifications, appearance, tours. */
export function SettingsPage() {
  const { t } = useTranslation();
  return (
    <Stack style={{ maxWidth: 720 }}>
      <PageHeader>
        <h1>{t('settings.title')}</h1>
      </PageHeader>
      <ProfileForm />
      <PasswordForm />
      <SignOutEverywhereCard />
      <PushNotificationsCard />
      <AppearanceForm />
      <ToursCard />
    </Stack>
  );
}
