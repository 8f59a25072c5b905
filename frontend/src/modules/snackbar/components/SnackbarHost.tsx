import { useEffect } from 'react';
import { useAtom } from 'jotai';
import styled from 'styled-components';
import { snackbarQueueState } from '../states/snackbarQueueState';
import { dequeue, SNACKBAR_MS, type SnackbarVariant } from '../utils/queue';

const StyledSnackbar = styled.div<{ $variant: SnackbarVariant }>`
  position: fixed;
  inset-inline: 0;
  bottom: ${({ theme }) => theme.spacing(20)};
  margin: 0 auto;
  width: fit-content;
  max-width: calc(100vw - ${({ theme }) => theme.spacing(8)});
  padding: ${({ theme }) => `${theme.spacing(3)} ${theme.spacing(5)}`};
  border-radius: ${({ theme }) => theme.radius}px;
  background: ${({ theme, $variant }) =>
    $variant === 'error'
      ? theme.color.danger
      : $variant === 'success'
        ? theme.color.success
        : $variant === 'warning'
          ? theme.color.warning
          : theme.color.text};
  color: ${({ theme }) => theme.color.surface};
  box-shadow: ${({ theme }) => theme.shadow};
  z-index: 1000;
  animation: fadeIn ${({ theme }) => theme.fade.in};
`;

/** Shows the queue's first snackbar for its 3 s, then the next. */
export function SnackbarHost() {
  const [queue, setQueue] = useAtom(snackbarQueueState);
  const current = queue[0];

  useEffect(() => {
    if (!current) return;
    const timer = window.setTimeout(() => setQueue((q) => dequeue(q, current.id)), SNACKBAR_MS);
    return () => window.clearTimeout(timer);
  }, [current, setQueue]);

  if (!current) return null;
  return (
    <StyledSnackbar role="status" aria-live="polite" $variant={current.variant} data-testid="snackbar">
      {current.message}
    </StyledSnackbar>
  );
}
