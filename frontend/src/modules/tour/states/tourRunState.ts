import { storedAtom } from '@/modules/preferences/utils/storedAtom';
import { STORAGE_KEYS } from '@/modules/preferences/utils/storageKeys';
import { TOURS, type TourName } from '../utils/tours';

export type TourRun = Record<TourName, boolean>;

const isTourRun = (v: unknown): v is TourRun =>
  typeof v === 'object' && v !== null && TOURS.every((name) => typeof (v as Record<string, unknown>)[name] === 'boolean');

/**
 * Which walkthrough tours still run: each runs until it is finished or skipped, then its flag
 * turns false. Kept on this device (the spec's locally saved run flag), across sign-outs.
 */
export const tourRunState = storedAtom<TourRun>(STORAGE_KEYS.tourRun, { dashboard: true, main: true }, isTourRun);
