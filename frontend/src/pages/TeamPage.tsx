import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { EmployeesTab } from '@/modules/team/components/EmployeesTab';
import { RolesTab } from '@/modules/team/components/RolesTab';
import { PageHeader } from '@/modules/ui/components/Layout';
import { Tabs } from '@/modules/ui/components/Tabs';

type Tab = 'Employee' | 'Role';

/** `/team?tab=Employee|Role`. */
export function TeamPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'Role' ? 'Role' : 'Employee';
  return (
    <>
      <PageHeader>
        <h1>{t('team.title')}</h1>
      </PageHeader>
      <Tabs<Tab>
        tabs={[
          { value: 'Employee', label: t('nav.employees') },
          { value: 'Role', label: t('nav.roles') },
        ]}
        value={tab}
        onChange={(next) => setParams({ tab: next })}
      />
      {tab === 'Employee' ? <EmployeesTab /> : <RolesTab />}
    </>
  );
}
