import { storedAtom } from '@/modules/preferences/utils/storedAtom';
import { STORAGE_KEYS } from '@/modules/preferences/utils/storageKeys';

/** Ids of published shifts the employee has already seen. */
export const seenPublishedShiftsState = storedAtom<string[]>(STORAGE_KEYS.seenPublishedShifts, [], (v): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string'));
