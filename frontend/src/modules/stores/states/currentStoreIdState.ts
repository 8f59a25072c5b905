import { storedAtom } from '@/modules/preferences/utils/storedAtom';
import { STORAGE_KEYS } from '@/modules/preferences/utils/storageKeys';

/** The store the user works in, kept across visits. */
export const currentStoreIdState = storedAtom<string | null>(STORAGE_KEYS.currentStore, null, (v): v is string => typeof v === 'string');
