import { useTranslation } from 'react-i18next';
import type { Shift } from '@/modules/api/types';
import { useReportedCall } from '@/modules/snackbar/hooks/useReportedCall';
import { Button } from '@/modules/ui/components/Button';
import { Row, Stack } from '@/modules/ui/components/Layout';
import { useShiftCalls } from '../hooks/useShiftCalls';
import { shiftStore } from '../store/shiftStore';
import { managerActions } from '../utils/managerActions';

const STARS = [1, 2, 3, 4, 5] as const;

/** A manager's own actions on a saved shift: mark it completed, rate it, remind its assignee to confirm. */
export function ShiftManagerActions({ shift, storeId }: { shift: Shift; storeId: string | null }) {
  const { t } = useTranslation();
  const run = useShiftCalls();
  const { run: reported, busy } = useReportedCall();
  const can = managerActions(shift, Date.now());
  if (!can.complete && !can.rate && !can.remind) return null;

  /** Runs `work`, which answers its success's text. */
  const act = (work: () => Promise<string>, key: string) => reported(work, { key, done: (said) => said });
  const complete = () =>
    act(async () => {
      shiftStore.upsert([await run('completeShift', { store: storeId, shift: shift.id })]);
      return t('boardActions.manage.completed');
    }, 'complete-shift');
  const rate = (value: number) =>
    act(async () => {
      shiftStore.upsert([await run('rateShift', { store: storeId, shiftId: shift.id, rate: value })]);
      return t('boardActions.manage.rated', { rate: value });
    }, 'rate-shift');
  const remind = () =>
    act(async () => {
      await run('remindShift', { store: storeId, shiftId: shift.id });
      return t('boardActions.manage.reminded');
    }, 'remind-shift');

  return (
    <Stack $gap={2} data-testid="shift-manager-actions">
      <strong>{t('boardActions.manage.title')}</strong>
      <Row $gap={2} style={{ flexWrap: 'wrap' }}>
        {can.complete ? (
          <Button type="button" $small $variant="secondary" disabled={busy} onClick={() => void complete()} data-testid="complete-shift">
            {t('boardActions.manage.complete')}
          </Button>
        ) : null}
        {can.remind ? (
          <Button type="button" $small $variant="secondary" disabled={busy} onClick={() => void remind()} data-testid="remind-shift">
            {t('boardActions.manage.remind')}
          </Button>
        ) : null}
      </Row>
      {can.rate ? (
        <Row $gap={1} role="radiogroup" aria-label={t('boardActions.manage.rate')} data-testid="rate-shift">
          {STARS.map((n) => (
            <Button
              key={n}
              type="button"
              $small
              $variant={shift.rate != null && n <= shift.rate ? 'primary' : 'secondary'}
              role="radio"
              aria-checked={shift.rate === n}
              aria-label={t('boardActions.manage.star', { count: n })}
              disabled={busy}
              onClick={() => void rate(n)}
            >
              {shift.rate != null && n <= shift.rate ? '★' : '☆'}
            </Button>
          ))}
        </Row>
      ) : null}
    </Stack>
  );
}
