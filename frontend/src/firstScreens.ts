import type { StoreReads } from '@/modules/api/earlyReads';
import { homeFirstReads } from '@/modules/employee-home/utils/homeReads';
import { boardFirstReads } from '@/modules/schedule/utils/shiftReads';

/** The addresses people open the app on. */
export const FIRST_PATHS = {
  board: /^\/schedule\/?$/,
  home: /^\/home\/?$/,
  dashboard: /^\/dashboard\/?$/,
} as const;

/** The reads of the screens people open the app on, by their address, once the store is known. */
export const FIRST_READS: [RegExp, StoreReads][] = [
  [FIRST_PATHS.board, boardFirstReads],
  [FIRST_PATHS.home, homeFirstReads],
];
