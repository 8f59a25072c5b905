import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { useCurrentStore } from '@/modules/stores/hooks/useCurrentStore';
import type { ReachedLimit } from '../utils/plans';

/* A span, so it may stand in a confirmation's paragraph. */
const StyledNotice = styled.span`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing(1)};
  padding: ${({ theme }) => `${theme.spacing(3)} ${theme.spacing(4)}`};
  border-radius: ${({ theme }) => theme.radius}px;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-inline-start: 4px solid ${({ theme }) => theme.color.warning};
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.text};
  a { color: ${({ theme }) => theme.color.primary}; font-weight: 500; }
`;

const StyledHint = styled.span`
  color: ${({ theme }) => theme.color.textMuted};
  font-size: 14px;
`;

/**
 * Why the store cannot add another employee or role: its plan's limit, and what to do: the
 * owner's way to the plans, or, for a manager, to ask the owner.
 */
export function PlanLimitNotice({ limit }: { limit: ReachedLimit }) {
  const { t } = useTranslation();
  const { permissions } = useCurrentStore();
  return (
    <StyledNotice role="status" data-testid="plan-limit">
      <strong>{t(`billing.errors.limit.${limit.what}`, { plan: limit.plan, allowed: limit.allowed })}</strong>
      {permissions.isOwner ? (
        <Link to="/business-plan">{t('billing.limit.upgrade')}</Link>
      ) : (
        <StyledHint>{t('billing.limit.askOwner')}</StyledHint>
      )}
    </StyledNotice>
  );
}
