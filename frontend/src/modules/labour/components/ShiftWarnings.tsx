import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { WarningKind } from '../utils/labour';

const StyledList = styled.span`
  display: flex;
  flex-wrap: wrap;
  gap: 2px;
  margin-top: 2px;
`;

const StyledBadge = styled.span`
  padding: 0 4px;
  border-radius: 6px;
  font-size: 10px;
  line-height: 1.5;
  font-weight: 600;
  /* The text colour that reads on the warning colour, by theme. */
  background: ${({ theme }) => theme.color.warning};
  color: ${({ theme }) => theme.color.onWarning};
  white-space: nowrap;
`;

export interface ShiftWarningsProps {
  kinds: readonly WarningKind[];
  /** One symbol with the texts in its accessible name, for the compact board. */
  compact?: boolean;
}

/** What a shift breaks while the week is planned: overtime, rest, length, availability, time off. */
export const ShiftWarnings = memo(function ShiftWarnings({ kinds, compact }: ShiftWarningsProps) {
  const { t } = useTranslation();
  if (kinds.length === 0) return null;
  const texts = kinds.map((k) => t(`labour.warnings.${k}`));
  if (compact) {
    return (
      <StyledBadge role="img" aria-label={texts.join(', ')} title={texts.join(', ')} data-testid="shift-warnings" data-kinds={kinds.join(' ')}>
        ⚠ {kinds.length}
      </StyledBadge>
    );
  }
  return (
    <StyledList data-testid="shift-warnings" data-kinds={kinds.join(' ')}>
      {kinds.map((k, i) => (
        <StyledBadge key={k} data-testid={`warning-${k}`}>⚠ {texts[i]}</StyledBadge>
      ))}
    </StyledList>
  );
});
