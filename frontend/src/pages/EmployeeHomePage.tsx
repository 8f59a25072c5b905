import { EmployeeHome } from '@/modules/employee-home/components/EmployeeHome';

/** `/home`: the employee's home. */
export function EmployeeHomePage() {
  return <EmployeeHome />;
}
