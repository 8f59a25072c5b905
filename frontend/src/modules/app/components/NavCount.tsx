import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { badgeText } from '../utils/badges';

const StyledCount = styled.span`
  position: absolute;
  top: -6px;
  inset-inline-end: -10px;
  min-width: 18px;
  height: 18px;
  padding: 0 5px;
  border-radius: 9px;
  font-size: 11px;
  font-weight: 600;
  line-height: 18px;
  text-align: center;
  color: ${({ theme }) => theme.color.onDanger};
  background: ${({ theme }) => theme.color.danger};
`;

/**
 * A navigation entry's count, over the corner of its icon (which must be positioned); nothing
 * when zero. Screen readers hear "3 new" rather than a bare number.
 */
export function NavCount({ count }: { count: number }) {
  const { t, i18n } = useTranslation();
  if (count <= 0) return null;
  return (
    <StyledCount role="status" aria-label={t('nav.badge', { count })} data-testid="nav-badge">
      {badgeText(count, i18n.resolvedLanguage)}
    </StyledCount>
  );
}
