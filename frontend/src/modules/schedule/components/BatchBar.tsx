import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Button } from '@/modules/ui/components/Button';
import { ConfirmDialog } from '@/modules/ui/components/ConfirmDialog';
import { Muted } from '@/modules/ui/components/Layout';
import type { BatchOp } from '../hooks/useBoardActions';

const StyledBar = styled.div`
  position: sticky;
  top: 0;
  z-index: 5;
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.spacing(2)};
  padding: ${({ theme }) => theme.spacing(2)};
  margin-bottom: ${({ theme }) => theme.spacing(2)};
  border: 1px solid ${({ theme }) => theme.color.primary};
  border-radius: ${({ theme }) => theme.radius}px;
  background: ${({ theme }) => theme.color.primarySoft};
`;

const CONFIRM_KEYS: Record<BatchOp, string> = {
  delete: 'boardActions.select.confirmDelete',
  drop: 'boardActions.select.confirmDrop',
  open: 'boardActions.select.confirmOpen',
};

export interface BatchBarProps {
  count: number;
  selecting: boolean;
  busy: boolean;
  onRun: (op: BatchOp) => void;
  onClear: () => void;
}

/** What can be done to the selected shifts: delete, drop to the pool, make open; each asks first. */
export function BatchBar({ count, selecting, busy, onRun, onClear }: BatchBarProps) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState<BatchOp | null>(null);
  if (count === 0 && !selecting) return null;
  return (
    <StyledBar role="toolbar" aria-label={t('boardActions.select.count', { count })} data-testid="batch-bar" className="no-print">
      <strong data-testid="batch-count">{t('boardActions.select.count', { count })}</strong>
      {count === 0 ? <Muted>{t('boardActions.select.hint')}</Muted> : null}
      <Button $small $variant="danger" disabled={count === 0 || busy} onClick={() => setAsking('delete')} data-testid="batch-delete">
        {t('boardActions.select.delete')}
      </Button>
      <Button $small $variant="secondary" disabled={count === 0 || busy} onClick={() => setAsking('drop')} data-testid="batch-drop">
        {t('boardActions.select.drop')}
      </Button>
      <Button $small $variant="secondary" disabled={count === 0 || busy} onClick={() => setAsking('open')} data-testid="batch-open">
        {t('boardActions.select.open')}
      </Button>
      <Button $small $variant="ghost" disabled={count === 0} onClick={onClear} data-testid="batch-clear">
        {t('boardActions.select.clear')}
      </Button>
      {asking ? (
        <ConfirmDialog
          title={t(CONFIRM_KEYS[asking], { count })}
          confirmLabel={t(`boardActions.select.${asking}`)}
          cancelLabel={t('common.cancel')}
          danger={asking === 'delete'}
          onConfirm={() => {
            setAsking(null);
            onRun(asking);
          }}
          onCancel={() => setAsking(null)}
        />
      ) : null}
    </StyledBar>
  );
}
