import { useTranslation } from 'react-i18next';
import { PushNotificationsCard } from '@/modules/push/components/PushNotificationsCard';
import { useMe } from '@/modules/auth/hooks/useMe';
import { AddPasswordForm } from '@/modules/settings/components/AddPasswordForm';
import { AppearanceForm } from '@/modules/settings/components/AppearanceForm';
import { GoogleLinkCard } from '@/modules/settings/components/GoogleLinkCard';
import { PasswordForm } from '@/modules/settings/components/PasswordForm';
import { ProfileForm } from '@/modules/settings/components/ProfileForm';
import { SignOutEverywhereCard } from '@/modules/settings/components/SignOutEverywhereCard';
import { ToursCard } from '@/modules/tour/components/ToursCard';
import { PageHeader, Stack } from '@/modules/ui/components/Layout';

/** `/settings`: profile, password (or adding one to a Google account), Google, sessions, notifications, appearance, tours. */
export function SettingsPage() {
  const { t } = useTranslation();
  const me = useMe();
  return (
    <Stack style={{ maxWidth: 720 }}>
      <PageHeader>
        <h1>{t('settings.title')}</h1>
      </PageHeader>
      <ProfileForm />
      {me?.hasPassword === false ? <AddPasswordForm /> : <PasswordForm />}
      <GoogleLinkCard />
      <SignOutEverywhereCard />
      <PushNotificationsCard />
      <AppearanceForm />
      <ToursCard />
    </Stack>
  );
}
