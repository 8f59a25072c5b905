import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { useSidebarCollapsed } from '@/modules/preferences/hooks/useSidebarCollapsed';
import { SIDEBAR, visibleEntries, type BadgeKind } from '@/modules/permissions/utils/menu';
import { useCurrentStore } from '@/modules/stores/hooks/useCurrentStore';
import { useIsBelow } from '@/modules/ui/hooks/useMediaQuery';
import { down } from '@/modules/ui/theme/tokens';
import { NavCount } from './NavCount';
import { NavIcon } from './NavIcon';

const StyledSidebar = styled.nav<{ $narrow: boolean }>`
  flex: none;
  width: ${({ $narrow }) => ($narrow ? '64px' : '232px')};
  transition: width 0.2s;
  background: ${({ theme }) => theme.color.surface};
  border-inline-end: 1px solid ${({ theme }) => theme.color.border};
  display: flex;
  flex-direction: column;
  padding: ${({ theme }) => theme.spacing(3)} ${({ theme }) => theme.spacing(2)};
  gap: ${({ theme }) => theme.spacing(1)};
  overflow: hidden;
  ${down('md')} { display: none; }
`;

const StyledBrand = styled.div`
  font-weight: 700;
  font-size: 20px;
  color: ${({ theme }) => theme.color.primary};
  padding: ${({ theme }) => theme.spacing(2)};
  white-space: nowrap;
`;

const StyledLink = styled(Link)`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.spacing(3)};
  padding: ${({ theme }) => theme.spacing(2)} ${({ theme }) => theme.spacing(3)};
  border-radius: ${({ theme }) => theme.radius}px;
  color: ${({ theme }) => theme.color.text};
  text-decoration: none;
  white-space: nowrap;
  &:hover { background: ${({ theme }) => theme.color.surfaceAlt}; }
  &[aria-current='page'] { background: ${({ theme }) => theme.color.primarySoft}; color: ${({ theme }) => theme.color.primaryStrong}; }
`;

const StyledIcon = styled.span`
  position: relative;
  width: 24px;
  text-align: center;
  font-size: 18px;
  flex: none;
`;

const StyledToggle = styled.button`
  margin-top: auto;
  border: none;
  background: none;
  color: ${({ theme }) => theme.color.textMuted};
  cursor: pointer;
  padding: ${({ theme }) => theme.spacing(2)};
  text-align: start;
`;

/**
 * The sidebar: entries by permission, collapsible by click; a collapsed sidebar expands while
 * hovered; below the large breakpoint it stays narrow.
 */
export function Sidebar({ badges }: { badges: Record<BadgeKind, number> }) {
  const { t } = useTranslation();
  const location = useLocation();
  const [collapsed, setCollapsed] = useSidebarCollapsed();
  const [hovered, setHovered] = useState(false);
  const belowLarge = useIsBelow('lg');
  const { permissions, store } = useCurrentStore();
  // The store's settings arrive live (as a store change): the owner's toggle shows or hides Booking.
  const entries = visibleEntries(SIDEBAR, permissions.names, permissions.isOwner, { booking: store?.bookingEnabled === true });
  const narrow = (belowLarge || collapsed) && !hovered;
  const current = `${location.pathname}${location.search}`;
  // Team tabs share a path: the query decides, and no query means the employees tab. The
  // templates' entry opens its weekly tab and stays lit on the others.
  const isActive = (path: string) =>
    path.startsWith('/schedule/templates')
      ? location.pathname === '/schedule/templates'
      : path.includes('?')
        ? current === path || (path === '/team?tab=Employee' && current === '/team')
        : path === '/booking'
          ? location.pathname === path || location.pathname.startsWith('/booking/')
          : location.pathname === path;

  return (
    <StyledSidebar
      $narrow={narrow}
      aria-label={t('nav.label')}
      onMouseEnter={() => collapsed && setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      data-testid="sidebar"
      data-tour="sidebar"
    >
      <StyledBrand>{narrow ? t('app.name').charAt(0) : t('app.name')}</StyledBrand>
      {entries.map((entry) => (
        <StyledLink
          key={entry.path}
          to={entry.path}
          aria-current={isActive(entry.path) ? 'page' : undefined}
          title={t(entry.labelKey)}
        >
          <StyledIcon>
            <NavIcon name={entry.icon} />
            {entry.badge ? <NavCount count={badges[entry.badge]} /> : null}
          </StyledIcon>
          {narrow ? null : <span>{t(entry.labelKey)}</span>}
        </StyledLink>
      ))}
      {belowLarge ? null : (
        <StyledToggle onClick={() => setCollapsed(!collapsed)} aria-pressed={collapsed}>
          {collapsed ? '»' : `« ${t('nav.collapse')}`}
        </StyledToggle>
      )}
    </StyledSidebar>
  );
}
