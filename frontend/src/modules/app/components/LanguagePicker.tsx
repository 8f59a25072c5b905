import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { LANGUAGES } from '@/i18n';

const StyledSelect = styled.select`
  min-height: 34px;
  border-radius: ${({ theme }) => theme.radius}px;
  border: 1px solid ${({ theme }) => theme.color.border};
  background: ${({ theme }) => theme.color.surface};
  padding: 0 ${({ theme }) => theme.spacing(2)};
`;

/** Picks the app's language. */
export function LanguagePicker() {
  const { t, i18n } = useTranslation();
  return (
    <StyledSelect
      aria-label={t('settings.language')}
      value={i18n.resolvedLanguage}
      onChange={(e) => void i18n.changeLanguage(e.target.value)}
      data-testid="language-picker"
    >
      {LANGUAGES.map((l) => (
        <option key={l.code} value={l.code}>
          {l.label}
        </option>
      ))}
    </StyledSelect>
  );
}
