import { BusinessPlanScreen } from '@/modules/billing/components/BusinessPlanScreen';

/** `/business-plan`: the store's plan and billing, for its owner and managers. */
export function BusinessPlanPage() {
  return <BusinessPlanScreen />;
}
