import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { LanguagePicker } from '@/modules/app/components/LanguagePicker';
import { useThemePreferences } from '@/modules/preferences/hooks/useThemePreferences';
import { primaries, THEME_MODES, THEME_NAMES } from '@/modules/ui/theme/tokens';
import { Card, Row, Stack } from '@/modules/ui/components/Layout';

const StyledSwatch = styled.button<{ $color: string; $active: boolean }>`
  width: 36px;
  height: 36px;
  border-radius: 50%;
  border: 3px solid ${({ theme, $active }) => ($active ? theme.color.text : 'transparent')};
  background: ${({ $color }) => $color};
  cursor: pointer;
`;

const StyledMode = styled.button<{ $active: boolean }>`
  padding: ${({ theme }) => `${theme.spacing(2)} ${theme.spacing(4)}`};
  border-radius: ${({ theme }) => theme.radius}px;
  border: 1px solid ${({ theme, $active }) => ($active ? theme.color.primary : theme.color.border)};
  background: ${({ theme, $active }) => ($active ? theme.color.primarySoft : theme.color.surface)};
  cursor: pointer;
`;

/** Theme colour, light/dark/system mode and language. */
export function AppearanceForm() {
  const { t } = useTranslation();
  const { themeName, setThemeName, themeMode, setThemeMode } = useThemePreferences();
  return (
    <Card>
      <Stack>
        <h2 style={{ margin: 0 }}>{t('settings.appearance')}</h2>
        <strong>{t('settings.theme')}</strong>
        <Row $gap={3} role="radiogroup" aria-label={t('settings.theme')}>
          {THEME_NAMES.map((name) => (
            <StyledSwatch
              key={name}
              role="radio"
              aria-checked={themeName === name}
              aria-label={t(`themes.${name}`)}
              title={t(`themes.${name}`)}
              $color={primaries[name].light.main}
              $active={themeName === name}
              onClick={() => setThemeName(name)}
            />
          ))}
        </Row>
        <strong>{t('settings.mode')}</strong>
        <Row $gap={2} role="radiogroup" aria-label={t('settings.mode')}>
          {THEME_MODES.map((mode) => (
            <StyledMode key={mode} role="radio" aria-checked={themeMode === mode} $active={themeMode === mode} onClick={() => setThemeMode(mode)}>
              {t(`modes.${mode}`)}
            </StyledMode>
          ))}
        </Row>
        <strong>{t('settings.language')}</strong>
        <div><LanguagePicker /></div>
      </Stack>
    </Card>
  );
}
