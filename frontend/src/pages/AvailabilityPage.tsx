import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { AvailabilityPanel } from '@/modules/requests/components/AvailabilityPanel';
import { TimeOffPanel } from '@/modules/requests/components/TimeOffPanel';
import { TimeOffRequests } from '@/modules/requests/components/TimeOffRequests';
import { useCurrentStore } from '@/modules/stores/hooks/useCurrentStore';
import { PageHeader, Stack } from '@/modules/ui/components/Layout';
import { Tabs } from '@/modules/ui/components/Tabs';

type Tab = 'availability' | 'timeoff' | 'requests' | 'team';

/**
 * `/availability`: one's availability and time off (`?tab=timeoff`); managers of staff also
 * answer time-off requests (`?tab=requests`) and read everyone's availability (`?tab=team`).
 */
export function AvailabilityPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const { permissions } = useCurrentStore();
  const manager = permissions.isOwner || permissions.names.includes('employee');
  const tabs: { value: Tab; label: string }[] = [
    { value: 'availability', label: t('availability.title') },
    { value: 'timeoff', label: t('timeOff.title') },
    ...(manager
      ? [
          { value: 'requests' as const, label: t('timeOff.requests') },
          { value: 'team' as const, label: t('availability.team') },
        ]
      : []),
  ];
  const asked = params.get('tab');
  const tab: Tab = tabs.find((x) => x.value === asked)?.value ?? 'availability';
  return (
    <Stack>
      <PageHeader>
        <h1>{t('nav.availability')}</h1>
      </PageHeader>
      <Tabs tabs={tabs} value={tab} onChange={(next) => setParams(next === 'availability' ? {} : { tab: next })} />
      {tab === 'availability' ? <AvailabilityPanel everyone={false} /> : null}
      {tab === 'timeoff' ? <TimeOffPanel /> : null}
      {tab === 'requests' ? <TimeOffRequests /> : null}
      {tab === 'team' ? <AvailabilityPanel everyone /> : null}
    </Stack>
  );
}
