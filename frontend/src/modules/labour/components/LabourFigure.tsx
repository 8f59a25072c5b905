import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { formatMoney, formatNumber } from '@/modules/ui/utils/format';
import type { Figures } from '../utils/labour';

const StyledFigure = styled.span<{ $over: boolean }>`
  display: block;
  font-size: 11px;
  font-variant-numeric: tabular-nums;
  color: ${({ theme, $over }) => ($over ? theme.color.danger : theme.color.textMuted)};
  white-space: nowrap;
  overflow: hidden;
  text-overflow: ellipsis;
`;

export interface LabourFigureProps {
  figures: Figures;
  currency: string;
  /** Marks the figure past the week's limit. */
  over?: boolean;
  testId?: string;
}

/** Scheduled hours and their wage cost, in the store's currency and the reader's language. */
export const LabourFigure = memo(function LabourFigure({ figures, currency, over = false, testId }: LabourFigureProps) {
  const { t, i18n } = useTranslation();
  const hours = formatNumber(Math.round(figures.minutes / 6) / 10, i18n.resolvedLanguage);
  const cost = formatMoney(figures.cost, currency, i18n.resolvedLanguage);
  return (
    <StyledFigure $over={over} data-testid={testId} data-minutes={figures.minutes} data-cost={figures.cost.toFixed(2)}>
      {t('labour.figure', { hours, cost })}
    </StyledFigure>
  );
});
