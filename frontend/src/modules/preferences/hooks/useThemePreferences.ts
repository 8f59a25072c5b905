import { useRecoilState } from 'recoil';
import { themeModeState } from '../states/themeModeState';
import { themeNameState } from '../states/themeNameState';

/** The chosen colour theme and mode, with setters. */
export function useThemePreferences() {
  const [themeName, setThemeName] = useRecoilState(themeNameState);
  const [themeMode, setThemeMode] = useRecoilState(themeModeState);
  return { themeName, setThemeName, themeMode, setThemeMode };
}
