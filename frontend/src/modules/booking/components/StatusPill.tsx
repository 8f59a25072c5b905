import styled from 'styled-components';
import { textOn } from '@/modules/ui/utils/contrast';

/** A state label: filled when on (an enabled event), outlined when off. */
export const StatusPill = styled.span<{ $on: boolean; $tone?: 'success' | 'danger' | 'warning' | 'muted' }>`
  display: inline-flex;
  align-items: center;
  padding: 2px ${({ theme }) => theme.spacing(2)};
  border-radius: 999px;
  font-size: 12px;
  font-weight: 600;
  white-space: nowrap;
  border: 1px solid ${({ theme, $on, $tone = 'success' }) => ($on ? toneOf(theme.color, $tone) : theme.color.border)};
  background: ${({ theme, $on, $tone = 'success' }) => ($on ? toneOf(theme.color, $tone) : theme.color.surfaceAlt)};
  color: ${({ theme, $on, $tone = 'success' }) => ($on ? textOn(toneOf(theme.color, $tone)) : theme.color.text)};
`;

function toneOf(color: { success: string; danger: string; warning: string; textMuted: string }, tone: 'success' | 'danger' | 'warning' | 'muted'): string {
  return tone === 'muted' ? color.textMuted : color[tone];
}
