import { Dashboard } from '@/modules/dashboard/components/Dashboard';

/** `/dashboard`: the manager's overview. */
export function DashboardPage() {
  return <Dashboard />;
}
