import { useTranslation } from 'react-i18next';
import styled from 'styled-components';

const StyledBar = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.spacing(1)};
`;

const StyledStep = styled.span<{ $done: boolean }>`
  flex: 1;
  height: 4px;
  border-radius: 2px;
  background: ${({ theme, $done }) => ($done ? theme.color.primary : theme.color.border)};
`;

/** Progress through a wizard. */
export function Steps({ current, total }: { current: number; total: number }) {
  const { t } = useTranslation();
  return (
    <StyledBar role="progressbar" aria-valuemin={1} aria-valuemax={total} aria-valuenow={current + 1} aria-label={t('onboarding.step', { current: current + 1, total })}>
      {Array.from({ length: total }, (_, i) => (
        <StyledStep key={i} $done={i <= current} />
      ))}
    </StyledBar>
  );
}
