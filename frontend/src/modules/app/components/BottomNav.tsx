import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import styled from 'styled-components';
import { bottomEntries } from '@/modules/permissions/utils/menu';
import { useCurrentStore } from '@/modules/stores/hooks/useCurrentStore';
import { up } from '@/modules/ui/theme/tokens';

const StyledNav = styled.nav`
  position: fixed;
  inset-inline: 0;
  bottom: 0;
  height: 62px;
  display: flex;
  background: ${({ theme }) => theme.color.surface};
  border-top: 1px solid ${({ theme }) => theme.color.border};
  z-index: 50;
  ${up('md')} { display: none; }
`;

const StyledItem = styled(NavLink)`
  flex: 1;
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: 2px;
  font-size: 12px;
  color: ${({ theme }) => theme.color.textMuted};
  text-decoration: none;
  &.active { color: ${({ theme }) => theme.color.primary}; }
  span:first-child { font-size: 20px; }
`;

/** The phone's bottom navigation. */
export function BottomNav() {
  const { t } = useTranslation();
  const { permissions } = useCurrentStore();
  return (
    <StyledNav aria-label={t('nav.bottom')} data-testid="bottom-nav">
      {bottomEntries(permissions.names, permissions.isOwner).map((e) => (
        <StyledItem key={e.path} to={e.path}>
          <span aria-hidden>{e.icon}</span>
          <span>{t(e.labelKey)}</span>
        </StyledItem>
      ))}
    </StyledNav>
  );
}
