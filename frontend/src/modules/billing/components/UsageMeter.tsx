import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Muted } from '@/modules/ui/components/Layout';
import { meter, type MeterLevel } from '../utils/meter';

const StyledUsage = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing(1)};
`;

const StyledFigures = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  gap: ${({ theme }) => theme.spacing(2)};
`;

const StyledTrack = styled.div`
  height: 8px;
  border-radius: 4px;
  background: ${({ theme }) => theme.color.surfaceAlt};
  overflow: hidden;
`;

const StyledFill = styled.div<{ $share: number; $level: MeterLevel }>`
  width: ${({ $share }) => `${Math.round($share * 100)}%`};
  height: 100%;
  border-radius: 4px;
  background: ${({ theme, $level }) =>
    $level === 'room' ? theme.color.primary : $level === 'near' ? theme.color.warning : theme.color.danger};
`;

export interface UsageMeterProps {
  label: string;
  used: number;
  /** `null`: unlimited. */
  allowed: number | null;
}

/** What a store uses of one of its plan's limits: the figures, a bar, and a word when it is used up. */
export function UsageMeter({ label, used, allowed }: UsageMeterProps) {
  const { t } = useTranslation();
  const labelId = useId();
  const usage = meter(used, allowed);
  const figures = allowed === null ? t('billing.usage.unlimited', { used }) : t('billing.usage.of', { used, allowed });
  return (
    <StyledUsage data-testid="usage-meter" data-level={usage.level}>
      <StyledFigures>
        <span id={labelId}>{label}</span>
        <strong>{figures}</strong>
      </StyledFigures>
      {usage.share !== null && allowed !== null ? (
        <StyledTrack
          role="meter"
          aria-labelledby={labelId}
          aria-valuemin={0}
          aria-valuemax={allowed}
          aria-valuenow={Math.min(used, allowed)}
          aria-valuetext={figures}
        >
          <StyledFill $share={usage.share} $level={usage.level} />
        </StyledTrack>
      ) : null}
      {usage.level === 'full' || usage.level === 'over' ? <Muted>{t(`billing.usage.${usage.level}`)}</Muted> : null}
    </StyledUsage>
  );
}
