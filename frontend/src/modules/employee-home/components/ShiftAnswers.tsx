import { useTranslation } from 'react-i18next';
import type { Role, Shift } from '@/modules/api/types';
import { Button } from '@/modules/ui/components/Button';
import { Muted, Row } from '@/modules/ui/components/Layout';
import { canDrop, canRespond } from '../utils/myShifts';

/** What `ShiftAnswers` needs: the shift, its role, who reads, and what to do on an answer. */
export interface ShiftAnswersProps {
  shift: Shift;
  role: Role | undefined;
  employeeId: string;
  busy: boolean;
  onRespond: (shift: Shift, answer: 'confirmShift' | 'declineShift') => void;
  onDrop: (shift: Shift) => void;
}

/**
 * The answers an employee may give to one of their shifts now: confirm or decline it while it
 * is published and ahead, drop it into the pool while its role allows swaps (and say why not
 * when the role does not).
 */
export function ShiftAnswers({ shift, role, employeeId, busy, onRespond, onDrop }: ShiftAnswersProps) {
  const { t } = useTranslation();
  const now = Date.now();
  return (
    <>
      <Row $gap={2}>
        {canRespond(shift, employeeId, now) ? (
          <>
            <Button $small onClick={() => onRespond(shift, 'confirmShift')} disabled={busy} data-testid="confirm-shift">
              {t('home.confirm')}
            </Button>
            <Button $small $variant="secondary" onClick={() => onRespond(shift, 'declineShift')} disabled={busy}>
              {t('home.decline')}
            </Button>
          </>
        ) : null}
        {canDrop(shift, employeeId, now, role?.swappeable !== false) ? (
          <Button $small $variant="ghost" onClick={() => onDrop(shift)} disabled={busy} data-testid="drop-shift">
            {t('home.drop')}
          </Button>
        ) : null}
      </Row>
      {/* Why there is no Drop where one would be expected: the role's swap switch is off. */}
      {role?.swappeable === false && canDrop(shift, employeeId, now) ? (
        <Muted data-testid="no-swap-reason">{t('home.noSwap', { role: role.title })}</Muted>
      ) : null}
    </>
  );
}
