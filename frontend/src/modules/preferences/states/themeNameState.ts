import { THEME_NAMES, type ThemeName } from '@/modules/ui/theme/tokens';
import { storedAtom, STORAGE_KEYS } from '../utils/storedAtom';

/** The chosen colour theme. */
export const themeNameState = storedAtom<ThemeName>(STORAGE_KEYS.themeName, 'default', (v): v is ThemeName => THEME_NAMES.includes(v as ThemeName));
