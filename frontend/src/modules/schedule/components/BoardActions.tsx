import { useTranslation } from 'react-i18next';
import { Button } from '@/modules/ui/components/Button';
import { Row } from '@/modules/ui/components/Layout';
import type { UndoStep } from '../undo/undoStack';

export interface BoardActionsProps {
  /** The step Undo takes back; `undefined` when there is none. */
  last: UndoStep | undefined;
  undoing: boolean;
  selecting: boolean;
  onUndo: () => void;
  onSelectMode: () => void;
  onPrint: () => void;
}

/** Undo (Ctrl/Cmd+Z), the select mode for batch actions, and printing the week. */
export function BoardActions({ last, undoing, selecting, onUndo, onSelectMode, onPrint }: BoardActionsProps) {
  const { t } = useTranslation();
  const what = last ? t(`boardActions.undo.actions.${last.action}`) : null;
  return (
    <Row $gap={2} data-testid="board-actions" className="no-print">
      <Button
        $small
        $variant="secondary"
        onClick={onUndo}
        disabled={!last || undoing}
        title={what ? t('boardActions.undo.buttonOf', { action: what }) : t('boardActions.undo.nothing')}
        aria-keyshortcuts="Control+Z Meta+Z"
        data-testid="undo"
      >
        ↶ {t('boardActions.undo.button')}
      </Button>
      <Button $small $variant={selecting ? 'primary' : 'secondary'} onClick={onSelectMode} aria-pressed={selecting} data-testid="select-mode">
        {selecting ? t('boardActions.select.done') : t('boardActions.select.button')}
      </Button>
      <Button $small $variant="secondary" onClick={onPrint} data-testid="print">
        {t('boardActions.print.button')}
      </Button>
    </Row>
  );
}
