import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { useReportedCall } from '@/modules/snackbar/hooks/useReportedCall';
import { Button } from '@/modules/ui/components/Button';
import { FormError } from '@/modules/ui/components/Field';
import { usePushNotifications } from '../hooks/usePushNotifications';

const StyledStatus = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.spacing(2)};
  padding: ${({ theme }) => `${theme.spacing(2)} ${theme.spacing(3)}`};
  border-radius: ${({ theme }) => theme.radius}px;
  background: ${({ theme }) => theme.color.surfaceAlt};
  color: ${({ theme }) => theme.color.text};
  font-size: 14px;
  p { flex: 1 1 16em; margin: 0; }
`;

export interface PushDeviceStatusProps {
  className?: string;
}

/**
 * Whether push notifications reach this device, and the action that turns them on (or off
 * again): a browser that has not allowed them gets none, whatever the settings say.
 */
export function PushDeviceStatus({ className }: PushDeviceStatusProps) {
  const { t } = useTranslation();
  const { run } = useReportedCall();
  const { status, busy, hasStore, turnOn, turnOff } = usePushNotifications();
  const [failure, setFailure] = useState<string | null>(null);

  // Turning on may end blocked (the browser asked and was told no): only `on` is a success.
  const handleTurnOn = () =>
    run(turnOn, { key: 'push', done: (now) => (now === 'on' ? t('settings.pushTurnedOn') : null), inline: setFailure });

  const handleTurnOff = () => run(turnOff, { key: 'push', done: 'settings.pushTurnedOff', inline: setFailure });

  if (status === 'loading') return null;
  let note: string;
  if (status === 'unsupported') note = t('settings.pushUnsupported');
  else if (status === 'blocked') note = t('settings.pushBlocked');
  else if (status === 'on') note = t('settings.pushIsOn');
  else if (!hasStore) note = t('settings.pushNeedsStore');
  else note = t('settings.pushIsOff');

  return (
    <StyledStatus className={className} data-testid="push-status" data-status={status}>
      <p role="status">{note}</p>
      {failure ? <FormError role="alert">{failure}</FormError> : null}
      {status === 'on' ? (
        <Button type="button" $small $variant="secondary" disabled={busy} onClick={handleTurnOff}>
          {t('settings.pushTurnOff')}
        </Button>
      ) : status === 'off' || status === 'blocked' ? (
        <Button type="button" $small disabled={busy || !hasStore} onClick={handleTurnOn}>
          {t('settings.pushTurnOn')}
        </Button>
      ) : null}
    </StyledStatus>
  );
}
