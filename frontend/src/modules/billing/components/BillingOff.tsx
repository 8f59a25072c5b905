import { useTranslation } from 'react-i18next';
import { Card } from '@/modules/ui/components/Layout';

/** What the plan screen says on a server that sells no plans: every store on it is unlimited. */
export function BillingOff() {
  const { t } = useTranslation();
  return (
    <Card role="status" data-testid="billing-off">
      {t('billing.off')}
    </Card>
  );
}
