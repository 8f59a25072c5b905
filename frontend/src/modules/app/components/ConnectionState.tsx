import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { useSocketStatus } from '@/modules/realtime/hooks/usePresence';

// The connection's state is read here, by the two small things that show it, so the frame
// around them does not draw again each time the connection comes up or goes down.

const StyledDot = styled.span<{ $on: boolean }>`
  width: 10px;
  height: 10px;
  border-radius: 50%;
  background: ${({ theme, $on }) => ($on ? theme.color.success : theme.color.warning)};
`;

const StyledOffline = styled.div`
  padding: ${({ theme }) => theme.spacing(2)} ${({ theme }) => theme.spacing(5)};
  background: ${({ theme }) => theme.color.warning};
  color: ${({ theme }) => theme.color.surface};
  font-weight: 500;
`;

/** How long the connection may be down before it is announced (a reload's reconnect is not). */
const OFFLINE_NOTICE_MS = 2000;

/** Whether the live connection has been down for a while. */
function useLongOffline(status: string): boolean {
  const [long, setLong] = useState(false);
  useEffect(() => {
    if (status === 'connected') {
      setLong(false);
      return;
    }
    const timer = window.setTimeout(() => setLong(true), OFFLINE_NOTICE_MS);
    return () => window.clearTimeout(timer);
  }, [status]);
  return long;
}

/** The top bar's dot: green while the live connection is up. */
export function ConnectionDot() {
  const { t } = useTranslation();
  const status = useSocketStatus();
  const label = t(status === 'connected' ? 'realtime.connected' : 'realtime.offline');
  return (
    <StyledDot
      $on={status === 'connected'}
      title={label}
      role="img"
      aria-label={label}
      data-testid="connection"
      data-tour="connection"
      data-status={status}
    />
  );
}

/** A notice under the top bar once the live connection has been down for a while. */
export function OfflineNotice() {
  const { t } = useTranslation();
  const offline = useLongOffline(useSocketStatus());
  if (!offline) return null;
  return (
    <StyledOffline role="status" data-testid="offline-notice">
      {t('realtime.offlineNotice')}
    </StyledOffline>
  );
}
