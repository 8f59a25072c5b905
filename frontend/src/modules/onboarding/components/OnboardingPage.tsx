import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { AuthCard } from '@/modules/auth/components/AuthCard';
import { useMe } from '@/modules/auth/hooks/useMe';
import { useSession } from '@/modules/auth/hooks/useSession';
import { Button } from '@/modules/ui/components/Button';
import { Muted, Stack } from '@/modules/ui/components/Layout';

const StyledChoice = styled.button`
  text-align: start;
  padding: ${({ theme }) => theme.spacing(4)};
  border-radius: ${({ theme }) => theme.radius}px;
  border: 1px solid ${({ theme }) => theme.color.border};
  background: ${({ theme }) => theme.color.surface};
  cursor: pointer;
  strong { display: block; font-size: 16px; margin-bottom: 4px; }
  &:hover { border-color: ${({ theme }) => theme.color.primary}; }
`;

/** Choose a purpose: create a store or join one. */
export function OnboardingPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const me = useMe();
  const { signOut } = useSession();
  return (
    <AuthCard title={t('onboarding.chooseTitle')}>
      <Stack>
        <StyledChoice onClick={() => navigate('/onboard-owner')} data-testid="choose-owner">
          <strong>{t('onboarding.createStore')}</strong>
          <Muted>{t('onboarding.createStoreHint')}</Muted>
        </StyledChoice>
        <StyledChoice onClick={() => navigate('/onboard-employee')} data-testid="choose-employee">
          <strong>{t('onboarding.joinStore')}</strong>
          <Muted>{t('onboarding.joinStoreHint')}</Muted>
        </StyledChoice>
        {me ? (
          <Button $variant="ghost" onClick={signOut}>{t('auth.signOut')}</Button>
        ) : (
          <Link to="/login">{t('auth.haveAccount')}</Link>
        )}
      </Stack>
    </AuthCard>
  );
}
