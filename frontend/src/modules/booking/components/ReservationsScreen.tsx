import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { errorText } from '@/modules/api/errors';
import { useReportedCall, type Reported } from '@/modules/snackbar/hooks/useReportedCall';
import { useCurrentStore } from '@/modules/stores/hooks/useCurrentStore';
import { Button } from '@/modules/ui/components/Button';
import { ConfirmDialog } from '@/modules/ui/components/ConfirmDialog';
import { SelectField } from '@/modules/ui/components/Field';
import { Card, Muted, PageHeader, Row, Stack } from '@/modules/ui/components/Layout';
import { Loading } from '@/modules/ui/components/Spinner';
import { formatTimeRange } from '@/modules/ui/utils/format';
import { dayKey } from '@/modules/schedule/utils/calendar';
import { useBookedSessions } from '../hooks/useBookedSessions';
import { useBookingAccess } from '../hooks/useBookingAccess';
import { useEvents } from '../hooks/useEvents';
import { useNow } from '../hooks/useNow';
import type { BookedPlace, BookedSession, BookingEvent } from '@/modules/api/types';
import { defaultWindow, filterSessions, groupByDay, hasClients, holdsPlace, NO_FILTER, SESSION_STATUS, sessionStatusName, type SessionFilter } from '../utils/sessions';
import { formatDate } from '../utils/slots';
import { BookingOff } from './BookingOff';
import { ReasonDialog, ReassignDialog, RescheduleClientDialog } from './SessionDialogs';
import { StatusPill } from './StatusPill';

const StyledFilters = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 180px), 1fr));
  gap: ${({ theme }) => theme.spacing(3)};
`;

const StyledDay = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing(2)};
  h2 { margin: 0; font-size: 16px; }
`;

const StyledSession = styled.article<{ $dropped: boolean; $cancelled: boolean }>`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing(2)};
  padding: ${({ theme }) => theme.spacing(3)};
  border-radius: ${({ theme }) => theme.radius}px;
  border: 1px solid ${({ theme, $dropped }) => ($dropped ? theme.color.danger : theme.color.border)};
  border-inline-start: 5px solid ${({ theme, $dropped, $cancelled }) => ($dropped ? theme.color.danger : $cancelled ? theme.color.border : theme.color.primary)};
  background: ${({ theme, $dropped }) => ($dropped ? theme.color.dangerSoft : theme.color.surface)};
  h3 { margin: 0; font-size: 16px; overflow-wrap: anywhere; }
`;

const StyledClients = styled.ul`
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing(2)};
`;

const StyledClient = styled.li`
  list-style: none;
  padding: ${({ theme }) => theme.spacing(2)};
  border-radius: ${({ theme }) => theme.radius}px;
  background: ${({ theme }) => theme.color.surfaceAlt};
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing(1)};
  overflow-wrap: anywhere;
`;

/** An action a manager is about to take, asked in a dialog first. */
type Pending =
  | { kind: 'cancelSession' | 'deleteSession' | 'reassign'; session: BookedSession }
  | { kind: 'cancelClient' | 'removeClient' | 'reschedule'; session: BookedSession; place: BookedPlace };

/** A session status's tone. */
const toneOf = (status: number) =>
  status === SESSION_STATUS.dropped ? 'danger' : status === SESSION_STATUS.cancelled ? 'muted' : status === SESSION_STATUS.pending ? 'warning' : 'success';

/**
 * `/reservations`: the booked sessions from 30 days back to 30 ahead (one read), by day in the
 * store's zone, narrowed by event, status and employee. Each shows its time, event, employee
 * and status (a dropped one stands out with its reason, to be reassigned) and its clients.
 * Sessions and clients can be cancelled, removed, reassigned or moved, each asked first.
 * Kept live: a session changed anywhere shows as it now is.
 */
export function ReservationsScreen() {
  const { t, i18n } = useTranslation();
  const locale = i18n.resolvedLanguage;
  const open = useBookingAccess();
  const { storeId, store, employees } = useCurrentStore();
  const [range] = useState(() => defaultWindow(Date.now()));
  const { sessions, error, loading, put, drop } = useBookedSessions(range, open);
  const { events } = useEvents();
  const { call, busy } = useReportedCall();
  const [filter, setFilter] = useState<SessionFilter>(NO_FILTER);
  const [pending, setPending] = useState<Pending | null>(null);
  const now = useNow(30_000);
  const zone = store?.timezoneReference ?? 'UTC';
  const days = useMemo(() => groupByDay(filterSessions(sessions ?? [], filter), zone), [sessions, filter, zone]);

  if (!store) return <Loading label={t('common.loading')} />;
  if (!open) return <BookingOff />;

  const eventOf = (s: BookedSession): BookingEvent | undefined => events?.find((e) => e.id === s.event);
  const close = () => setPending(null);
  const after = (done: Reported<BookedSession>) => {
    if (done) put(done.data);
    close();
  };

  const handleReason = async (reason: string) => {
    if (!pending) return;
    const why = reason.trim() || undefined;
    if (pending.kind === 'cancelSession') {
      after(await call('cancelSession', { store: storeId, eventSessionId: pending.session.id, reason: why }, { key: 'session', done: 'booking.reservations.sessionCancelled' }));
    } else if (pending.kind === 'cancelClient') {
      after(
        await call(
          'cancelClientBookedSession',
          { store: storeId, sessionId: pending.session.id, clientId: pending.place.client, reason: why },
          { key: 'session', done: 'booking.reservations.clientCancelled' },
        ),
      );
    }
  };

  const handleConfirm = async () => {
    if (!pending) return;
    if (pending.kind === 'removeClient') {
      after(await call('removeBookedClientFromSession', { store: storeId, sessionId: pending.session.id, clientId: pending.place.client }, { key: 'session', done: 'booking.reservations.clientRemoved' }));
    } else if (pending.kind === 'deleteSession') {
      const done = await call('deleteSession', { store: storeId, sessionId: pending.session.id }, { key: 'session', done: 'booking.reservations.sessionDeleted' });
      if (done) drop(pending.session.id);
      close();
    }
  };

  const employeeOptions = [
    { value: '', label: t('booking.reservations.anyEmployee') },
    { value: 'none', label: t('booking.reservations.noEmployee') },
    ...employees.filter((e) => !e.deactive).map((e) => ({ value: e.id, label: e.displayName || e.fullname || e.email })),
  ];
  return (
    <>
      <PageHeader>
        <h1>{t('booking.reservations.title')}</h1>
        <Link to="/booking">{t('nav.booking')}</Link>
      </PageHeader>
      <Stack $gap={4}>
        <Muted>
          {t('booking.reservations.window', {
            from: formatDate(dayKey(range.from, zone), locale, 'short'),
            to: formatDate(dayKey(range.to, zone), locale, 'short'),
          })}
        </Muted>
        <StyledFilters role="search" aria-label={t('booking.reservations.filters')}>
          <SelectField
            label={t('booking.reservations.event')}
            value={filter.event}
            onChange={(e) => setFilter({ ...filter, event: e.target.value })}
            options={[{ value: '', label: t('booking.reservations.anyEvent') }, ...(events ?? []).map((e) => ({ value: e.id, label: e.title }))]}
            data-testid="filter-event"
          />
          <SelectField
            label={t('booking.reservations.status')}
            value={filter.status}
            onChange={(e) => setFilter({ ...filter, status: e.target.value })}
            options={[
              { value: '', label: t('booking.reservations.anyStatus') },
              ...Object.values(SESSION_STATUS).map((s) => ({ value: String(s), label: t(`booking.sessionStatus.${sessionStatusName(s)}`) })),
            ]}
            data-testid="filter-status"
          />
          <SelectField label={t('booking.reservations.employee')} value={filter.employee} onChange={(e) => setFilter({ ...filter, employee: e.target.value })} options={employeeOptions} data-testid="filter-employee" />
        </StyledFilters>
        {error ? <Card role="alert">{errorText(t, error)}</Card> : null}
        {loading ? <Muted role="status">{t('common.loading')}</Muted> : null}
        {sessions && days.length === 0 ? <Muted data-testid="sessions-empty">{t('booking.reservations.none')}</Muted> : null}
        <div data-testid="sessions" style={{ display: 'contents' }}>
          {days.map(({ day, sessions: list }) => (
            <StyledDay key={day} aria-label={formatDate(day, locale)}>
              <h2>{formatDate(day, locale)}</h2>
              {list.map((s) => {
                const dropped = s.status === SESSION_STATUS.dropped;
                const status = sessionStatusName(s.status);
                const over = s.status === SESSION_STATUS.cancelled;
                return (
                  <StyledSession key={s.id} $dropped={dropped} $cancelled={over} data-testid="session" data-status={status} aria-label={`${s.title} ${formatTimeRange(s.start, s.end, zone, locale)}`}>
                    <Row $justify="space-between">
                      <h3>
                        {formatTimeRange(s.start, s.end, zone, locale)} · {s.title}
                      </h3>
                      <StatusPill $on $tone={toneOf(s.status)} data-testid="session-status">
                        {t(`booking.sessionStatus.${status}`)}
                      </StatusPill>
                    </Row>
                    <Muted>
                      {t('booking.reservations.with', { name: s.assignedName || t('booking.reservations.noEmployee') })}
                    </Muted>
                    {dropped ? (
                      <strong role="note" data-testid="session-dropped">
                        {t('booking.reservations.needsReassign')}
                        {s.reason ? ` ${t('booking.reservations.reason', { reason: s.reason })}` : ''}
                      </strong>
                    ) : s.reason ? (
                      <Muted>{t('booking.reservations.reason', { reason: s.reason })}</Muted>
                    ) : null}
                    {s.bookedClients.length > 0 ? (
                      <StyledClients aria-label={t('booking.reservations.clients')}>
                        {s.bookedClients.map((p) => (
                          <ClientItem
                            key={p.id}
                            place={p}
                            active={!over && holdsPlace(p, now)}
                            canMove={!over && !!eventOf(s)}
                            onCancel={() => setPending({ kind: 'cancelClient', session: s, place: p })}
                            onRemove={() => setPending({ kind: 'removeClient', session: s, place: p })}
                            onReschedule={() => setPending({ kind: 'reschedule', session: s, place: p })}
                          />
                        ))}
                      </StyledClients>
                    ) : (
                      <Muted>{t('booking.reservations.noClients')}</Muted>
                    )}
                    {over ? null : (
                      <Row>
                        <Button $small $variant={dropped ? 'primary' : 'secondary'} onClick={() => setPending({ kind: 'reassign', session: s })} data-testid="session-reassign">
                          {t('booking.reservations.reassign')}
                        </Button>
                        <Button $small $variant="danger" onClick={() => setPending({ kind: 'cancelSession', session: s })} data-testid="session-cancel">
                          {t('booking.reservations.cancelSession')}
                        </Button>
                      </Row>
                    )}
                    {hasClients(s, now) ? null : (
                      <Row>
                        <Button $small $variant="ghost" onClick={() => setPending({ kind: 'deleteSession', session: s })} data-testid="session-delete">
                          {t('booking.reservations.deleteSession')}
                        </Button>
                      </Row>
                    )}
                  </StyledSession>
                );
              })}
            </StyledDay>
          ))}
        </div>
      </Stack>
      {pending?.kind === 'cancelSession' || pending?.kind === 'cancelClient' ? (
        <ReasonDialog
          title={pending.kind === 'cancelSession' ? t('booking.reservations.cancelSessionTitle') : t('booking.reservations.cancelClientTitle', { name: 'place' in pending ? pending.place.name : '' })}
          body={pending.kind === 'cancelSession' ? t('booking.reservations.cancelSessionBody') : t('booking.reservations.cancelClientBody')}
          confirmLabel={pending.kind === 'cancelSession' ? t('booking.reservations.cancelSession') : t('booking.reservations.cancelClient')}
          busy={busy}
          onConfirm={(reason) => void handleReason(reason)}
          onCancel={close}
        />
      ) : null}
      {pending?.kind === 'removeClient' || pending?.kind === 'deleteSession' ? (
        <ConfirmDialog
          title={pending.kind === 'removeClient' ? t('booking.reservations.removeClientTitle', { name: 'place' in pending ? pending.place.name : '' }) : t('booking.reservations.deleteSessionTitle')}
          body={pending.kind === 'removeClient' ? t('booking.reservations.removeClientBody') : t('booking.reservations.deleteSessionBody')}
          confirmLabel={pending.kind === 'removeClient' ? t('common.remove') : t('common.delete')}
          cancelLabel={t('common.cancel')}
          danger
          busy={busy}
          onConfirm={() => void handleConfirm()}
          onCancel={close}
        />
      ) : null}
      {pending?.kind === 'reassign' ? <ReassignDialog session={pending.session} event={eventOf(pending.session)} onDone={after} onCancel={close} /> : null}
      {pending?.kind === 'reschedule' ? (
        <RescheduleClientDialog session={pending.session} place={pending.place} event={eventOf(pending.session)} onDone={after} onCancel={close} />
      ) : null}
    </>
  );
}

interface ClientItemProps {
  place: BookedPlace;
  /** Whether the client holds a place (actions apply). */
  active: boolean;
  canMove: boolean;
  onCancel: () => void;
  onRemove: () => void;
  onReschedule: () => void;
}

/** A client of a session: who, how to reach them, their note, and where their place stands. */
function ClientItem({ place, active, canMove, onCancel, onRemove, onReschedule }: ClientItemProps) {
  const { t } = useTranslation();
  return (
    <StyledClient data-testid="client" data-state={place.state}>
      <Row $justify="space-between">
        <strong>{place.name}</strong>
        <StatusPill $on={active} $tone="success" data-testid="client-state">
          {t(`booking.placeState.${place.state}`, { defaultValue: place.state })}
        </StatusPill>
      </Row>
      {place.email ? (
        <a href={`mailto:${place.email}`} dir="ltr">
          {place.email}
        </a>
      ) : null}
      {place.phonenumber ? (
        <a href={`tel:${place.phonenumber}`} dir="ltr">
          {place.phonenumber}
        </a>
      ) : null}
      {place.note ? <span>{t('booking.reservations.note', { note: place.note })}</span> : null}
      {place.reason ? <Muted>{t('booking.reservations.reason', { reason: place.reason })}</Muted> : null}
      {active ? (
        <Row>
          {canMove ? (
            <Button $small $variant="secondary" onClick={onReschedule} data-testid="client-reschedule">
              {t('booking.reservations.reschedule')}
            </Button>
          ) : null}
          <Button $small $variant="secondary" onClick={onCancel} data-testid="client-cancel">
            {t('booking.reservations.cancelClient')}
          </Button>
          <Button $small $variant="ghost" onClick={onRemove} data-testid="client-remove">
            {t('common.remove')}
          </Button>
        </Row>
      ) : null}
    </StyledClient>
  );
}
