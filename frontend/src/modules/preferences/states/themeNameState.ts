import { atom } from 'recoil';
import { THEME_NAMES, type ThemeName } from '@/modules/ui/theme/tokens';
import { localStorageEffect, STORAGE_KEYS } from '../utils/localStorageEffect';

/** The chosen colour theme. */
export const themeNameState = atom<ThemeName>({
  key: 'themeNameState',
  default: 'default',
  effects: [
    localStorageEffect(STORAGE_KEYS.themeName, (v): v is ThemeName =>
      THEME_NAMES.includes(v as ThemeName),
    ),
  ],
});
