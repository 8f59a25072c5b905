import type { ReactNode } from 'react';
import { Button } from './Button';
import { Dialog } from './Dialog';

export interface ConfirmDialogProps {
  title: ReactNode;
  body?: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  danger?: boolean;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Asks before an action is taken. */
export function ConfirmDialog({ title, body, confirmLabel, cancelLabel, danger, busy, onConfirm, onCancel }: ConfirmDialogProps) {
  return (
    <Dialog
      title={title}
      onClose={onCancel}
      actions={
        <>
          <Button $variant="secondary" onClick={onCancel}>{cancelLabel}</Button>
          <Button $variant={danger ? 'danger' : 'primary'} onClick={onConfirm} disabled={busy} data-testid="confirm">
            {confirmLabel}
          </Button>
        </>
      }
    >
      {body ? <p>{body}</p> : null}
    </Dialog>
  );
}
