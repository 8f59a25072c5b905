import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { NotificationSettingsPanel } from '@/modules/notification-settings/components/NotificationSettingsPanel';
import { AppearanceForm } from '@/modules/settings/components/AppearanceForm';
import { PasswordForm } from '@/modules/settings/components/PasswordForm';
import { ProfileForm } from '@/modules/settings/components/ProfileForm';
import { SignOutEverywhereCard } from '@/modules/settings/components/SignOutEverywhereCard';
import { ToursCard } from '@/modules/tour/components/ToursCard';
import { PageHeader, Stack } from '@/modules/ui/components/Layout';
import { Tabs } from '@/modules/ui/components/Tabs';

type Tab = 'general' | 'notifications';

/**
 * `/settings`: profile, password, sessions, appearance and tours; `?tab=notifications` (where
 * notification mails link to): how each kind of notification reaches the person, and quiet hours.
 */
export function SettingsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'notifications' ? 'notifications' : 'general';
  return (
    <Stack style={{ maxWidth: 720 }}>
      <PageHeader>
        <h1>{t('settings.title')}</h1>
      </PageHeader>
      <Tabs<Tab>
        tabs={[
          { value: 'general', label: t('settings.general') },
          { value: 'notifications', label: t('settings.notifications') },
        ]}
        value={tab}
        onChange={(next) => setParams(next === 'general' ? {} : { tab: next })}
      />
      {tab === 'notifications' ? (
        <NotificationSettingsPanel />
      ) : (
        <>
          <ProfileForm />
          <PasswordForm />
          <SignOutEverywhereCard />
          <AppearanceForm />
          <ToursCard />
        </>
      )}
    </Stack>
  );
}
