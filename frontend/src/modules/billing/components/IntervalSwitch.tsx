import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { BillingInterval } from '../types/billing';

const StyledSwitch = styled.fieldset`
  display: inline-flex;
  flex-wrap: wrap;
  margin: 0;
  padding: ${({ theme }) => theme.spacing(1)};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius}px;
  background: ${({ theme }) => theme.color.surfaceAlt};
  legend { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
`;

const StyledChoice = styled.label`
  position: relative;
  cursor: pointer;
  input { position: absolute; opacity: 0; inset: 0; margin: 0; cursor: pointer; }
  span {
    display: inline-flex;
    align-items: center;
    gap: ${({ theme }) => theme.spacing(2)};
    padding: ${({ theme }) => `${theme.spacing(1)} ${theme.spacing(3)}`};
    border-radius: ${({ theme }) => theme.radius - 2}px;
    color: ${({ theme }) => theme.color.text};
    font-weight: 500;
  }
  input:checked + span { background: ${({ theme }) => theme.color.surface}; color: ${({ theme }) => theme.color.primaryStrong}; box-shadow: ${({ theme }) => theme.shadow}; }
  input:focus-visible + span { outline: 2px solid ${({ theme }) => theme.color.primary}; outline-offset: 2px; }
`;

const StyledSaving = styled.small`
  color: ${({ theme }) => theme.color.success};
  font-weight: 600;
`;

export interface IntervalSwitchProps {
  value: BillingInterval;
  /** What a year saves against twelve months, in percent (the catalogue's). */
  yearlySavingPercent: number;
  onChange: (interval: BillingInterval) => void;
}

/** Monthly or yearly prices, the yearly choice saying what it saves. */
export function IntervalSwitch({ value, yearlySavingPercent, onChange }: IntervalSwitchProps) {
  const { t } = useTranslation();
  return (
    <StyledSwitch data-testid="interval-switch">
      <legend>{t('billing.picker.interval')}</legend>
      {(['month', 'year'] as const).map((interval) => (
        <StyledChoice key={interval}>
          <input type="radio" name="billing-interval" value={interval} checked={value === interval} onChange={() => onChange(interval)} />
          <span>
            {t(`billing.picker.${interval}`)}
            {interval === 'year' && yearlySavingPercent > 0 ? (
              <StyledSaving>{t('billing.picker.save', { share: yearlySavingPercent / 100 })}</StyledSaving>
            ) : null}
          </span>
        </StyledChoice>
      ))}
    </StyledSwitch>
  );
}
