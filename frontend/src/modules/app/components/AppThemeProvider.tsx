import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ThemeProvider } from 'styled-components';
import { usePrefersDark } from '@/modules/preferences/hooks/usePrefersDark';
import { useThemePreferences } from '@/modules/preferences/hooks/useThemePreferences';
import { GlobalStyle } from '@/modules/ui/theme/GlobalStyle';
import { buildTheme } from '@/modules/ui/theme/theme';

/** Applies the chosen theme, mode and the language's writing direction. */
export function AppThemeProvider({ children }: { children: ReactNode }) {
  const { themeName, themeMode } = useThemePreferences();
  const prefersDark = usePrefersDark();
  const { i18n } = useTranslation();
  const direction = i18n.dir(i18n.resolvedLanguage) === 'rtl' ? 'rtl' : 'ltr';
  const dark = themeMode === 'dark' || (themeMode === 'system' && prefersDark);
  const theme = useMemo(() => buildTheme(themeName, dark, direction), [themeName, dark, direction]);
  return (
    <ThemeProvider theme={theme}>
      <GlobalStyle />
      {children}
    </ThemeProvider>
  );
}
