import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/modules/api/errors';
import { useReportedCall, type Reported } from '@/modules/snackbar/hooks/useReportedCall';
import { useCurrentStore } from '@/modules/stores/hooks/useCurrentStore';
import { Button } from '@/modules/ui/components/Button';
import { Dialog } from '@/modules/ui/components/Dialog';
import { FormError, SelectField, TextAreaField } from '@/modules/ui/components/Field';
import { Muted, Stack } from '@/modules/ui/components/Layout';
import { formatTimeRange } from '@/modules/ui/utils/format';
import { usePublicApi } from '../hooks/usePublicApi';
import type { BookedPlace, BookedSession, BookingEvent } from '@/modules/api/types';
import { usableZone } from '../utils/zone';
import { NO_CHOICE, SlotPicker, type SlotChoice } from './SlotPicker';

export interface ReasonDialogProps {
  title: string;
  body: string;
  confirmLabel: string;
  busy: boolean;
  onConfirm: (reason: string) => void;
  onCancel: () => void;
}

/** Asks before a cancellation, with the reason the client's mail gives. */
export function ReasonDialog({ title, body, confirmLabel, busy, onConfirm, onCancel }: ReasonDialogProps) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  return (
    <Dialog
      title={title}
      onClose={onCancel}
      actions={
        <>
          <Button $variant="secondary" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
          <Button $variant="danger" onClick={() => onConfirm(reason)} disabled={busy} data-testid="confirm">
            {confirmLabel}
          </Button>
        </>
      }
    >
      <Stack $gap={3}>
        <p style={{ margin: 0 }}>{body}</p>
        <TextAreaField label={t('booking.reservations.reasonLabel')} value={reason} onChange={(e) => setReason(e.target.value)} maxLength={500} data-testid="reason" />
      </Stack>
    </Dialog>
  );
}

interface Assignable {
  uid: string;
  displayName: string;
}

export interface ReassignDialogProps {
  session: BookedSession;
  event: BookingEvent | undefined;
  onDone: (done: Reported<BookedSession>) => void;
  onCancel: () => void;
}

/**
 * Gives a session to another employee: those who could work it (`getAssignableEmployees`:
 * the event's role, free then, working no other session), one chosen, then confirmed.
 */
export function ReassignDialog({ session, event, onDone, onCancel }: ReassignDialogProps) {
  const { t, i18n } = useTranslation();
  const { storeId, store } = useCurrentStore();
  const { call, busy } = useReportedCall();
  const api = usePublicApi();
  const [people, setPeople] = useState<Assignable[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [chosen, setChosen] = useState('');
  const role = event?.role ?? null;

  useEffect(() => {
    if (!role) {
      setPeople([]);
      return;
    }
    let live = true;
    api
      .call('getAssignableEmployees', {
        store: storeId,
        roleId: role,
        eventId: session.event,
        time: { start: session.start, end: session.end },
        checkWorkingOnSameSession: true,
      })
      .then((answer) => live && setPeople(answer.employees))
      .catch((e: unknown) => {
        if (!live) return;
        setFailure(errorText(t, e));
        setPeople([]);
      });
    return () => {
      live = false;
    };
  }, [api, storeId, role, session.event, session.start, session.end, t]);

  const handleReassign = async () => {
    if (!chosen) return;
    onDone(await call('reassignSession', { store: storeId, eventSessionId: session.id, employeeUid: chosen }, { key: 'session', done: 'booking.reservations.reassigned', inline: setFailure }));
  };

  const zone = store?.timezoneReference ?? 'UTC';
  return (
    <Dialog
      title={t('booking.reservations.reassignTitle')}
      onClose={onCancel}
      actions={
        <>
          <Button $variant="secondary" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
          <Button onClick={() => void handleReassign()} disabled={busy || !chosen} data-testid="confirm">
            {t('booking.reservations.reassign')}
          </Button>
        </>
      }
    >
      <Stack $gap={3}>
        <Muted>
          {session.title} · {formatTimeRange(session.start, session.end, zone, i18n.resolvedLanguage)}
        </Muted>
        {people === null ? <Muted role="status">{t('common.loading')}</Muted> : null}
        {people && people.length === 0 && !failure ? <Muted>{t('booking.reservations.nobodyFree')}</Muted> : null}
        {people && people.length > 0 ? (
          <SelectField
            label={t('booking.reservations.newEmployee')}
            value={chosen}
            onChange={(e) => setChosen(e.target.value)}
            options={[{ value: '', label: t('common.choose') }, ...people.map((p) => ({ value: p.uid, label: p.displayName }))]}
            data-testid="reassign-employee"
          />
        ) : null}
        {failure ? <FormError role="alert">{failure}</FormError> : null}
      </Stack>
    </Dialog>
  );
}

export interface RescheduleClientDialogProps {
  session: BookedSession;
  place: BookedPlace;
  event: BookingEvent | undefined;
  onDone: (done: Reported<BookedSession>) => void;
  onCancel: () => void;
}

/** `getEventByUrl`'s dates, as the dialog needs them. */
interface EventDates {
  event: { dates: string[]; allowEmployeeSelection: boolean };
  store: { timezone: string };
}

/**
 * Moves a client to another date and slot of the same event (`rescheduleClient`): the
 * event's dates and a day's slots as its public page shows them.
 */
export function RescheduleClientDialog({ session, place, event, onDone, onCancel }: RescheduleClientDialogProps) {
  const { t } = useTranslation();
  const { storeId, store } = useCurrentStore();
  const api = usePublicApi();
  const { call, busy } = useReportedCall();
  const [dates, setDates] = useState<EventDates | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [choice, setChoice] = useState<SlotChoice>(NO_CHOICE);
  const [note, setNote] = useState('');
  const url = event?.url ?? '';

  useEffect(() => {
    if (!url) return;
    let live = true;
    api
      .call('getEventByUrl', { eventURL: url })
      .then((answer) => live && setDates(answer))
      .catch((e: unknown) => live && setFailure(errorText(t, e)));
    return () => {
      live = false;
    };
  }, [api, url, t]);

  const handleMove = async () => {
    if (choice.start === null) return;
    onDone(
      await call(
        'rescheduleClient',
        {
          store: storeId,
          eventId: session.event,
          currentSessionId: session.id,
          clientId: place.client,
          chosenEmployeeUid: choice.employeeUid || undefined,
          reservationSlot: { date: choice.date, session: choice.start },
          note: note.trim() || undefined,
        },
        { key: 'session', done: 'booking.reservations.rescheduled', inline: setFailure },
      ),
    );
  };

  return (
    <Dialog
      title={t('booking.reservations.rescheduleTitle', { name: place.name })}
      onClose={onCancel}
      actions={
        <>
          <Button $variant="secondary" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
          <Button onClick={() => void handleMove()} disabled={busy || choice.start === null} data-testid="confirm">
            {t('booking.reservations.reschedule')}
          </Button>
        </>
      }
    >
      <Stack $gap={3}>
        {!dates && !failure ? <Muted role="status">{t('common.loading')}</Muted> : null}
        {dates ? (
          <SlotPicker
            api={api}
            eventURL={url}
            dates={dates.event.dates}
            storeZone={store?.timezoneReference ?? usableZone(dates.store.timezone)}
            allowEmployeeSelection={dates.event.allowEmployeeSelection}
            value={choice}
            onChange={setChoice}
            current={session.start}
          />
        ) : null}
        <TextAreaField label={t('booking.reservations.moveNote')} value={note} onChange={(e) => setNote(e.target.value)} maxLength={500} />
        {failure ? <FormError role="alert">{failure}</FormError> : null}
      </Stack>
    </Dialog>
  );
}
