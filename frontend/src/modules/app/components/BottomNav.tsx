import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router-dom';
import styled, { css } from 'styled-components';
import { bottomEntries, moreEntries, type BadgeKind, type MenuEntry } from '@/modules/permissions/utils/menu';
import { useCurrentStore } from '@/modules/stores/hooks/useCurrentStore';
import { up } from '@/modules/ui/theme/tokens';
import { NavCount } from './NavCount';
import { NavIcon } from './NavIcon';

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

const item = css`
  flex: 1;
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: 2px;
  font: inherit;
  font-size: 12px;
  color: ${({ theme }) => theme.color.textMuted};
  text-decoration: none;
  &.active, &[aria-expanded='true'] { color: ${({ theme }) => theme.color.primary}; }
`;

const StyledItem = styled(NavLink)`${item}`;

const StyledMoreButton = styled.button`
  ${item}
  border: none;
  background: none;
  cursor: pointer;
`;

const StyledIcon = styled.span`
  position: relative;
  font-size: 20px;
`;

const StyledSheet = styled.div`
  position: fixed;
  inset-inline: 0;
  bottom: 62px;
  display: flex;
  flex-direction: column;
  padding: ${({ theme }) => theme.spacing(2)};
  background: ${({ theme }) => theme.color.surface};
  border-top: 1px solid ${({ theme }) => theme.color.border};
  box-shadow: 0 -8px 24px rgba(0, 0, 0, 0.12);
`;

const StyledSheetLink = styled(NavLink)`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.spacing(3)};
  padding: ${({ theme }) => theme.spacing(3)};
  border-radius: ${({ theme }) => theme.radius}px;
  color: ${({ theme }) => theme.color.text};
  text-decoration: none;
  &.active { background: ${({ theme }) => theme.color.primarySoft}; color: ${({ theme }) => theme.color.primaryStrong}; }
`;

function Icon({ entry, badges }: { entry: MenuEntry; badges: Record<BadgeKind, number> }) {
  return (
    <StyledIcon>
      <NavIcon name={entry.icon} />
      {entry.badge ? <NavCount count={badges[entry.badge]} /> : null}
    </StyledIcon>
  );
}

/**
 * The phone's bottom navigation: the spec's entries, then More, which opens the rest of the
 * sidebar above the bar and counts what waits there. Navigating, Escape or a tap outside
 * closes it.
 */
export function BottomNav({ badges }: { badges: Record<BadgeKind, number> }) {
  const { t } = useTranslation();
  const { permissions, store } = useCurrentStore();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const nav = useRef<HTMLElement>(null);
  const more = moreEntries(permissions.names, permissions.isOwner, { booking: store?.bookingEnabled === true });
  const waiting = more.reduce((sum, e) => sum + (e.badge ? badges[e.badge] : 0), 0);

  useEffect(() => setOpen(false), [location.pathname, location.search]);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    const onPointer = (e: PointerEvent) => {
      if (nav.current && !nav.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  return (
    <StyledNav ref={nav} aria-label={t('nav.bottom')} data-testid="bottom-nav" data-tour="bottom-nav">
      {bottomEntries(permissions.names, permissions.isOwner).map((e) => (
        <StyledItem key={e.path} to={e.path}>
          <Icon entry={e} badges={badges} />
          <span>{t(e.labelKey)}</span>
        </StyledItem>
      ))}
      {more.length > 0 ? (
        <StyledMoreButton
          type="button"
          aria-expanded={open}
          aria-controls="bottom-nav-more"
          onClick={() => setOpen(!open)}
          data-testid="bottom-nav-more"
        >
          <StyledIcon>
            <span aria-hidden>☰</span>
            <NavCount count={waiting} />
          </StyledIcon>
          <span>{t('nav.more')}</span>
        </StyledMoreButton>
      ) : null}
      {open ? (
        <StyledSheet id="bottom-nav-more" data-testid="bottom-nav-sheet">
          {more.map((e) => (
            <StyledSheetLink key={e.path} to={e.path}>
              <Icon entry={e} badges={badges} />
              <span>{t(e.labelKey)}</span>
            </StyledSheetLink>
          ))}
        </StyledSheet>
      ) : null}
    </StyledNav>
  );
}
