import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { PlanStanding } from '../utils/plans';

type Tone = 'good' | 'warn' | 'quiet';

/** The standings a badge tells (the free plan's name is its own). */
type Told = Exclude<PlanStanding['kind'], 'free'>;

const TONES: Record<Told, Tone> = {
  trial: 'good',
  active: 'good',
  pastDue: 'warn',
  cancelling: 'warn',
  incomplete: 'warn',
  paused: 'quiet',
};

const StyledBadge = styled.span<{ $tone: Tone }>`
  display: inline-flex;
  align-items: center;
  padding: 2px ${({ theme }) => theme.spacing(2)};
  border-radius: 999px;
  font-size: 12px;
  font-weight: 600;
  white-space: nowrap;
  border: 1px solid ${({ theme, $tone }) => ($tone === 'good' ? theme.color.success : $tone === 'warn' ? theme.color.warning : theme.color.border)};
  color: ${({ theme, $tone }) => ($tone === 'good' ? theme.color.success : $tone === 'warn' ? theme.color.warning : theme.color.textMuted)};
  background: ${({ theme }) => theme.color.surface};
`;

/** The word for a plan's standing (trial, active, past due ...), coloured by how it stands. */
export function StandingBadge({ standing }: { standing: Exclude<PlanStanding, { kind: 'free' }> }) {
  const { t } = useTranslation();
  return (
    <StyledBadge $tone={TONES[standing.kind]} data-testid="plan-standing">
      {t(`billing.standing.${standing.kind}`)}
    </StyledBadge>
  );
}
