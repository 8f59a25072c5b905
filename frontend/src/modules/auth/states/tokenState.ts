import { storedAtom } from '@/modules/preferences/utils/storedAtom';
import { STORAGE_KEYS } from '@/modules/preferences/utils/storageKeys';

/** The session token of the signed-in user, `null` when signed out. */
export const tokenState = storedAtom<string | null>(STORAGE_KEYS.token, null, (v): v is string => typeof v === 'string');
