import { THEME_MODES, type ThemeMode } from '@/modules/ui/theme/tokens';
import { storedAtom, STORAGE_KEYS } from '../utils/storedAtom';

/** Light, dark or system mode. */
export const themeModeState = storedAtom<ThemeMode>(STORAGE_KEYS.themeType, 'system', (v): v is ThemeMode => THEME_MODES.includes(v as ThemeMode));
