export { ReportsPage } from '@/modules/reports/components/ReportsPage';
