import { atom } from 'recoil';
import { THEME_MODES, type ThemeMode } from '@/modules/ui/theme/tokens';
import { localStorageEffect, STORAGE_KEYS } from '../utils/localStorageEffect';

/** Light, dark or system mode. */
export const themeModeState = atom<ThemeMode>({
  key: 'themeModeState',
  default: 'system',
  effects: [
    localStorageEffect(STORAGE_KEYS.themeType, (v): v is ThemeMode =>
      THEME_MODES.includes(v as ThemeMode),
    ),
  ],
});
