import { storedAtom } from '../utils/storedAtom';
import { STORAGE_KEYS } from '../utils/storageKeys';

/** Whether the sidebar is collapsed to icons. */
export const sidebarCollapsedState = storedAtom<boolean>(STORAGE_KEYS.sidebarCollapsed, false, (v): v is boolean => typeof v === 'boolean');
