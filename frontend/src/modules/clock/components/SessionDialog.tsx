import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { components } from '@/modules/api/schema';
import { useApi } from '@/modules/auth/hooks/useApi';
import { formatTime } from '@/modules/ui/utils/format';
import { useReportedCall } from '@/modules/snackbar/hooks/useReportedCall';
import { useCurrentStore } from '@/modules/stores/hooks/useCurrentStore';
import { Button } from '@/modules/ui/components/Button';
import { Dialog } from '@/modules/ui/components/Dialog';
import { TextField } from '@/modules/ui/components/Field';
import { Muted, Row, Stack } from '@/modules/ui/components/Layout';
import type { ClockSession } from '../utils/clock';
import { breakDrafts, breaksOf, describeEdit, instantOf, type BreakDraft } from '../utils/sessionEdit';
import { toLocalInput } from '../utils/time';

type Edit = components['schemas']['SessionEditView'];

export interface SessionDialogProps {
  session: ClockSession;
  zone: string;
  onClose: () => void;
  onSaved: () => void;
}

/**
 * A manager corrects a session's start, end and breaks, giving the reason; its trail (who
 * changed what, when, from what to what) shows below.
 */
export function SessionDialog({ session, zone, onClose, onSaved }: SessionDialogProps) {
  const { t, i18n } = useTranslation();
  const api = useApi();
  const { run, busy } = useReportedCall();
  const { storeId, employees } = useCurrentStore();
  const [start, setStart] = useState(toLocalInput(session.start, zone));
  const [end, setEnd] = useState(session.end ? toLocalInput(session.end, zone) : '');
  const [breaks, setBreaks] = useState<BreakDraft[]>(() => breakDrafts(session, zone));
  const [reason, setReason] = useState('');
  const [trail, setTrail] = useState<Edit[]>([]);

  useEffect(() => {
    if (!storeId) return;
    api.get<Edit[]>(`/stores/${storeId}/clock/sessions/${session.id}/edits`).then(setTrail, () => setTrail([]));
  }, [api, storeId, session.id]);

  const when = new Intl.DateTimeFormat(i18n.resolvedLanguage, { dateStyle: 'short', timeStyle: 'short', timeZone: zone });
  const show = (at: number) => formatTime(at, zone, i18n.resolvedLanguage);
  // The trail names users; an employee's user is found among the store's employees.
  const nameOf = (user: string | null) => {
    const e = user ? employees.find((x) => x.userId === user) : undefined;
    return e ? e.displayName || e.email : t('clock.now.someone');
  };

  const save = async () => {
    if (!storeId || !reason.trim()) return;
    const saved = await run(
      () =>
        api.call('editClockSession', {
          store: storeId,
          sessionId: session.id,
          start: instantOf(start, session.start, zone),
          end: end ? instantOf(end, session.end, zone) : null,
          breaks: breaksOf(breaks, zone),
          reason: reason.trim(),
        }),
      { key: 'session-edit', done: 'clock.now.saved' },
    );
    if (saved) {
      onSaved();
      onClose();
    }
  };

  return (
    <Dialog title={t('clock.now.editTitle')} onClose={onClose}>
      <Stack>
        <TextField type="datetime-local" label={t('fields.start')} value={start} onChange={(e) => setStart(e.target.value)} />
        <TextField type="datetime-local" label={t('fields.end')} value={end} onChange={(e) => setEnd(e.target.value)} />
        <Stack $gap={1} data-testid="edit-breaks">
          <strong>{t('clock.now.breaks')}</strong>
          {breaks.map((b, i) => (
            <Row key={i} $gap={2} style={{ flexWrap: 'wrap', alignItems: 'flex-end' }}>
              <TextField
                type="datetime-local"
                label={t('clock.now.breakStart', { n: i + 1 })}
                value={b.start}
                onChange={(e) => setBreaks(breaks.map((x, j) => (j === i ? { ...x, start: e.target.value } : x)))}
              />
              <TextField
                type="datetime-local"
                label={t('clock.now.breakEnd', { n: i + 1 })}
                value={b.end}
                onChange={(e) => setBreaks(breaks.map((x, j) => (j === i ? { ...x, end: e.target.value } : x)))}
              />
              <Button type="button" $small $variant="ghost" onClick={() => setBreaks(breaks.filter((_, j) => j !== i))}>
                {t('clock.now.removeBreak', { n: i + 1 })}
              </Button>
            </Row>
          ))}
          <Row>
            <Button type="button" $small $variant="secondary" onClick={() => setBreaks([...breaks, { start: start, end: '' }])} data-testid="edit-add-break">
              {t('clock.now.addBreak')}
            </Button>
          </Row>
        </Stack>
        <TextField label={t('clock.now.reason')} value={reason} onChange={(e) => setReason(e.target.value)} maxLength={500} required data-testid="edit-reason" />
        <Row $justify="flex-end">
          <Button type="button" $variant="secondary" onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="button" disabled={busy || !reason.trim()} onClick={() => void save()} data-testid="edit-save">{t('common.save')}</Button>
        </Row>
        {trail.length > 0 ? (
          <Stack $gap={1}>
            <strong>{t('clock.now.trail')}</strong>
            {trail.map((e) => (
              <div key={e.id} data-testid="edit-trail-entry">
                <Muted>
                  {t('clock.now.trailEntry', { name: nameOf(e.by), time: when.format(e.at), reason: e.reason })}
                </Muted>
                <ul style={{ margin: 0 }}>
                  {describeEdit(e.before, e.after, show).map((c) => (
                    <li key={c.field}>{t(`clock.now.changed.${c.field}`, { from: c.from, to: c.to })}</li>
                  ))}
                </ul>
              </div>
            ))}
          </Stack>
        ) : null}
      </Stack>
    </Dialog>
  );
}
