import { THEME_NAMES, type ThemeName } from '@/modules/ui/theme/tokens';
import { storedAtom } from '../utils/storedAtom';
import { STORAGE_KEYS } from '../utils/storageKeys';

/** The chosen colour theme. */
export const themeNameState = storedAtom<ThemeName>(STORAGE_KEYS.themeName, 'default', (v): v is ThemeName => THEME_NAMES.includes(v as ThemeName));
