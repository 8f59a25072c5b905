import type { StoreReads } from '@/modules/api/earlyReads';
import { homeFirstReads } from '@/modules/employee-home/utils/homeReads';
import { boardFirstReads } from '@/modules/schedule/utils/shiftReads';

/** The code of the screens people open the app on (`screens.ts` draws them from it). */
export const loadDashboardPage = () => import('@/pages/DashboardPage');
export const loadEmployeeHomePage = () => import('@/pages/EmployeeHomePage');
export const loadSchedulePage = () => import('@/pages/SchedulePage');

/** A screen people open the app on: its address, its code, and its reads once the store is known. */
export interface FirstScreen {
  path: RegExp;
  load: () => Promise<unknown>;
  reads?: StoreReads;
}

/**
 * The screens people open the app on. The one the address names is fetched and read for by
 * `start.ts`, ahead of the app: its code beside the app's, its reads as soon as the store has
 * answered.
 */
export const FIRST_SCREENS: FirstScreen[] = [
  { path: /^\/schedule\/?$/, load: loadSchedulePage, reads: boardFirstReads },
  { path: /^\/home\/?$/, load: loadEmployeeHomePage, reads: homeFirstReads },
  { path: /^\/dashboard\/?$/, load: loadDashboardPage },
];

/** The first screen the current address names, if any. */
export function firstScreenAt(pathname: string): FirstScreen | undefined {
  return FIRST_SCREENS.find(({ path }) => path.test(pathname));
}
