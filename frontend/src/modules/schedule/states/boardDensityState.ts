import { preferenceAtom } from '@/modules/local-db/utils/preferenceAtom';
import type { Density } from '../utils/boardView';

/** How tightly the board packs its rows, kept among this browser's preferences. */
export const boardDensityState = preferenceAtom<Density>('boardDensity', 'comfortable', (v): v is Density => v === 'comfortable' || v === 'compact');
