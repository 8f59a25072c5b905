import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useMe } from '@/modules/auth/hooks/useMe';
import { NotificationSettingsPanel } from '@/modules/notification-settings/components/NotificationSettingsPanel';
import { PrivacyPanel } from '@/modules/privacy/components/PrivacyPanel';
import { AddPasswordForm } from '@/modules/settings/components/AddPasswordForm';
import { AppearanceForm } from '@/modules/settings/components/AppearanceForm';
import { GoogleLinkCard } from '@/modules/settings/components/GoogleLinkCard';
import { PasswordForm } from '@/modules/settings/components/PasswordForm';
import { ProfileForm } from '@/modules/settings/components/ProfileForm';
import { SignInMethodsCard } from '@/modules/settings/components/SignInMethodsCard';
import { SignOutEverywhereCard } from '@/modules/settings/components/SignOutEverywhereCard';
import { ToursCard } from '@/modules/tour/components/ToursCard';
import { PageHeader, Stack } from '@/modules/ui/components/Layout';
import { Tabs } from '@/modules/ui/components/Tabs';

type Tab = 'general' | 'notifications' | 'privacy';

const TABS: readonly Tab[] = ['general', 'notifications', 'privacy'];

/**
 * `/settings`: profile, the ways of signing in with their last use, password (or adding one
 * to a Google account), Google, sessions, appearance and tours; `?tab=notifications` (where
 * notification mails link to): how each kind of notification reaches the person, and quiet
 * hours; `?tab=privacy`: who sees one's phone and birthday, one's data, deleting the account.
 */
export function SettingsPage() {
  const { t } = useTranslation();
  const me = useMe();
  const [params, setParams] = useSearchParams();
  const tab: Tab = TABS.find((x) => x === params.get('tab')) ?? 'general';
  return (
    <Stack style={{ maxWidth: 720 }}>
      <PageHeader>
        <h1>{t('settings.title')}</h1>
      </PageHeader>
      <Tabs<Tab>
        tabs={[
          { value: 'general', label: t('settings.general') },
          { value: 'notifications', label: t('settings.notifications') },
          { value: 'privacy', label: t('settings.privacy') },
        ]}
        value={tab}
        onChange={(next) => setParams(next === 'general' ? {} : { tab: next })}
      />
      {tab === 'notifications' ? (
        <NotificationSettingsPanel />
      ) : tab === 'privacy' ? (
        <PrivacyPanel />
      ) : (
        <>
          <ProfileForm />
          <SignInMethodsCard />
          <div id="password">{me?.hasPassword === false ? <AddPasswordForm /> : <PasswordForm />}</div>
          <div id="google"><GoogleLinkCard /></div>
          <SignOutEverywhereCard />
          <AppearanceForm />
          <ToursCard />
        </>
      )}
    </Stack>
  );
}
