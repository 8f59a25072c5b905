import { atom } from 'recoil';
import { localStorageEffect, STORAGE_KEYS } from '../utils/localStorageEffect';

/** Whether the sidebar is collapsed to icons. */
export const sidebarCollapsedState = atom<boolean>({
  key: 'sidebarCollapsedState',
  default: false,
  effects: [
    localStorageEffect(STORAGE_KEYS.sidebarCollapsed, (v): v is boolean => typeof v === 'boolean'),
  ],
});
