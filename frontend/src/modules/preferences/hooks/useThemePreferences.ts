import { useAtom } from 'jotai';
import { themeModeState } from '../states/themeModeState';
import { themeNameState } from '../states/themeNameState';

/** The chosen colour theme and mode, with setters. */
export function useThemePreferences() {
  const [themeName, setThemeName] = useAtom(themeNameState);
  const [themeMode, setThemeMode] = useAtom(themeModeState);
  return { themeName, setThemeName, themeMode, setThemeMode };
}
