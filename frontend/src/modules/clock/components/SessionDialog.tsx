import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { components } from '@/modules/api/schema';
import { errorText } from '@/modules/api/errors';
import { useApi } from '@/modules/auth/hooks/useApi';
import { clockTime } from '@/modules/schedule/utils/calendar';
import { useSnackbar } from '@/modules/snackbar/hooks/useSnackbar';
import { useCurrentStore } from '@/modules/stores/hooks/useCurrentStore';
import { Button } from '@/modules/ui/components/Button';
import { Dialog } from '@/modules/ui/components/Dialog';
import { TextField } from '@/modules/ui/components/Field';
import { Muted, Row, Stack } from '@/modules/ui/components/Layout';
import type { ClockSession } from '../utils/clock';
import { fromLocalInput, toLocalInput } from '../utils/time';

type Edit = components['schemas']['SessionEditView'];

/** A manager corrects a session's start and end, giving the reason; its trail shows below. */
export function SessionDialog({ session, zone, onClose, onSaved }: { session: ClockSession; zone: string; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const api = useApi();
  const snack = useSnackbar();
  const { storeId } = useCurrentStore();
  const [start, setStart] = useState(toLocalInput(session.start, zone));
  const [end, setEnd] = useState(session.end ? toLocalInput(session.end, zone) : '');
  const [reason, setReason] = useState('');
  const [trail, setTrail] = useState<Edit[]>([]);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!storeId) return;
    api.get<Edit[]>(`/stores/${storeId}/clock/sessions/${session.id}/edits`).then(setTrail, () => setTrail([]));
  }, [api, storeId, session.id]);

  const save = async () => {
    if (!storeId || !reason.trim()) return;
    setBusy(true);
    try {
      await api.call('editClockSession', {
        store: storeId,
        sessionId: session.id,
        start: fromLocalInput(start, zone),
        end: end ? fromLocalInput(end, zone) : null,
        breaks: session.breaks.map((b) => ({ start: b.start, end: b.end ?? null })),
        reason: reason.trim(),
      });
      snack(t('clock.now.saved'), 'success', 'session-edit');
      onSaved();
      onClose();
    } catch (e) {
      snack(errorText(t, e), 'error', 'session-edit');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog title={t('clock.now.editTitle')} onClose={onClose}>
      <Stack>
        <TextField type="datetime-local" label={t('fields.start')} value={start} onChange={(e) => setStart(e.target.value)} />
        <TextField type="datetime-local" label={t('fields.end')} value={end} onChange={(e) => setEnd(e.target.value)} />
        <TextField label={t('clock.now.reason')} value={reason} onChange={(e) => setReason(e.target.value)} maxLength={500} required data-testid="edit-reason" />
        <Row $justify="flex-end">
          <Button type="button" $variant="secondary" onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="button" disabled={busy || !reason.trim()} onClick={() => void save()} data-testid="edit-save">{t('common.save')}</Button>
        </Row>
        {trail.length > 0 ? (
          <Stack $gap={1}>
            <strong>{t('clock.now.trail')}</strong>
            {trail.map((e) => (
              <Muted key={e.id}>
                {clockTime(e.at, zone)} · {e.reason}
              </Muted>
            ))}
          </Stack>
        ) : null}
      </Stack>
    </Dialog>
  );
}
