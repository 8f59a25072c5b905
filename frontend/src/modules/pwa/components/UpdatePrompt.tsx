import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Button } from '@/modules/ui/components/Button';
import { useAppUpdate } from '../hooks/useAppUpdate';

const StyledPrompt = styled.div`
  position: fixed;
  inset-inline: 0;
  bottom: ${({ theme }) => theme.spacing(34)};
  margin: 0 auto;
  width: fit-content;
  max-width: calc(100vw - ${({ theme }) => theme.spacing(8)});
  display: flex;
  align-items: center;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.spacing(3)};
  padding: ${({ theme }) => `${theme.spacing(2)} ${theme.spacing(2)} ${theme.spacing(2)} ${theme.spacing(5)}`};
  border-radius: ${({ theme }) => theme.radius}px;
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.text};
  border: 1px solid ${({ theme }) => theme.color.border};
  box-shadow: ${({ theme }) => theme.shadow};
  z-index: 1000;
  animation: fadeIn ${({ theme }) => theme.fade.in};
`;

const StyledActions = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.spacing(2)};
  margin-inline-start: auto;
`;

/** A small notice, once a new version of the app is waiting, offering to reload into it. */
export function UpdatePrompt() {
  const { t } = useTranslation();
  const { updateReady, reload, dismiss } = useAppUpdate();
  if (!updateReady) return null;
  return (
    <StyledPrompt role="status" aria-live="polite" data-testid="update-prompt">
      <span>{t('pwa.updateReady')}</span>
      <StyledActions>
        <Button type="button" $variant="ghost" $small onClick={dismiss}>
          {t('pwa.later')}
        </Button>
        <Button type="button" $small onClick={reload}>
          {t('pwa.reload')}
        </Button>
      </StyledActions>
    </StyledPrompt>
  );
}
