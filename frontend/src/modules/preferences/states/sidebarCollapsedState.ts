import { storedAtom, STORAGE_KEYS } from '../utils/storedAtom';

/** Whether the sidebar is collapsed to icons. */
export const sidebarCollapsedState = storedAtom<boolean>(STORAGE_KEYS.sidebarCollapsed, false, (v): v is boolean => typeof v === 'boolean');
