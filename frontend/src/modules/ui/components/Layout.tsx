import styled from 'styled-components';
import { textOn } from '../utils/contrast';

/** A vertical stack with theme spacing. */
export const Stack = styled.div<{ $gap?: number }>`
  display: flex;
  flex-direction: column;
  gap: ${({ theme, $gap = 4 }) => theme.spacing($gap)};
`;

/** A horizontal row that wraps. */
export const Row = styled.div<{ $gap?: number; $justify?: string; $align?: string }>`
  display: flex;
  flex-wrap: wrap;
  align-items: ${({ $align = 'center' }) => $align};
  justify-content: ${({ $justify = 'flex-start' }) => $justify};
  gap: ${({ theme, $gap = 2 }) => theme.spacing($gap)};
`;

/** A raised surface. */
export const Card = styled.section`
  background: ${({ theme }) => theme.color.surface};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius}px;
  padding: ${({ theme }) => theme.spacing(5)};
`;

/** A page's title row. */
export const PageHeader = styled.header`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.spacing(3)};
  margin-bottom: ${({ theme }) => theme.spacing(4)};
  h1 { margin: 0; font-size: 22px; font-weight: 600; }
`;

/** Muted secondary text. */
export const Muted = styled.span`
  color: ${({ theme }) => theme.color.textMuted};
  font-size: 13px;
`;

/** Read by screen readers, not shown: what the page shows by other means (a card's style). */
export const VisuallyHidden = styled.span`
  position: absolute;
  width: 1px;
  height: 1px;
  margin: -1px;
  padding: 0;
  overflow: hidden;
  clip: rect(0 0 0 0);
  white-space: nowrap;
  border: 0;
`;

/**
 * A passing state ("Loading…") shown above the page near its bottom, out of the flow, so that
 * its coming and going moves nothing on the page.
 */
export const FloatingStatus = styled.span`
  position: fixed;
  inset-inline: 0;
  bottom: calc(88px + env(safe-area-inset-bottom, 0px));
  margin-inline: auto;
  width: max-content;
  max-width: calc(100vw - 32px);
  padding: 6px 14px;
  border-radius: 999px;
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.textMuted};
  box-shadow: 0 2px 8px rgb(0 0 0 / 18%);
  font-size: 13px;
  pointer-events: none;
  z-index: 20;
`;

/** A small count or state label. */
export const Badge = styled.span<{ $color?: string }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  min-width: 20px;
  height: 20px;
  padding: 0 6px;
  border-radius: 10px;
  font-size: 12px;
  font-weight: 600;
  color: ${({ theme, $color }) => ($color ? textOn($color) : theme.color.onDanger)};
  background: ${({ theme, $color }) => $color ?? theme.color.danger};
`;

/** A centred narrow column for account screens. */
export const NarrowPage = styled.main`
  min-height: 100%;
  display: flex;
  align-items: center;
  justify-content: center;
  padding: ${({ theme }) => theme.spacing(6)} ${({ theme }) => theme.spacing(4)};
  > * { width: 100%; max-width: 440px; }
`;
