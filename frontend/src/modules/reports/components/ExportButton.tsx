import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/modules/ui/components/Button';
import { Dialog } from '@/modules/ui/components/Dialog';
import type { Range } from '../utils/report';
import { ExportPanel } from './ExportPanel';

/** The board's Export button: the exports of the range the board shows, in a dialog. */
export function ExportButton({ storeId, range }: { storeId: string; range: Range }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button $variant="secondary" onClick={() => setOpen(true)} data-testid="board-export">
        {t('sheets.export')}
      </Button>
      {open ? (
        <Dialog title={t('sheets.exports')} onClose={() => setOpen(false)} actions={<Button onClick={() => setOpen(false)}>{t('common.close')}</Button>}>
          <ExportPanel storeId={storeId} range={range} />
        </Dialog>
      ) : null}
    </>
  );
}
