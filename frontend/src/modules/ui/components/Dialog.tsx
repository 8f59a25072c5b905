import { useEffect, useId, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import styled from 'styled-components';

const StyledOverlay = styled.div`
  position: fixed;
  inset: 0;
  background: ${({ theme }) => theme.color.overlay};
  display: flex;
  align-items: center;
  justify-content: center;
  padding: ${({ theme }) => theme.spacing(4)};
  z-index: 900;
  animation: fadeIn ${({ theme }) => theme.fade.in};
`;

const StyledDialog = styled.div`
  width: 100%;
  max-width: 520px;
  max-height: calc(100vh - 32px);
  overflow: auto;
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.text};
  border-radius: ${({ theme }) => theme.radius}px;
  box-shadow: ${({ theme }) => theme.shadow};
  padding: ${({ theme }) => theme.spacing(6)};
  h2 { margin: 0 0 ${({ theme }) => theme.spacing(4)}; font-size: 19px; }
`;

const StyledActions = styled.div`
  display: flex;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.spacing(2)};
  margin-top: ${({ theme }) => theme.spacing(5)};
`;

export interface DialogProps {
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  actions?: ReactNode;
}

/** A modal dialog; Escape and a click outside close it. */
export function Dialog({ title, onClose, children, actions }: DialogProps) {
  const titleId = useId();
  useEffect(() => {
    const handleKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    window.addEventListener('keydown', handleKey);
    return () => window.removeEventListener('keydown', handleKey);
  }, [onClose]);
  return createPortal(
    <StyledOverlay onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <StyledDialog role="dialog" aria-modal="true" aria-labelledby={titleId}>
        <h2 id={titleId}>{title}</h2>
        {children}
        {actions ? <StyledActions>{actions}</StyledActions> : null}
      </StyledDialog>
    </StyledOverlay>,
    document.body,
  );
}
