import { THEME_MODES, type ThemeMode } from '@/modules/ui/theme/tokens';
import { storedAtom } from '../utils/storedAtom';
import { STORAGE_KEYS } from '../utils/storageKeys';

/** Light, dark or system mode. */
export const themeModeState = storedAtom<ThemeMode>(STORAGE_KEYS.themeType, 'system', (v): v is ThemeMode => THEME_MODES.includes(v as ThemeMode));
