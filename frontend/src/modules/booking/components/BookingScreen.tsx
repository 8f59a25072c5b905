import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { errorText } from '@/modules/api/errors';
import { useReportedCall } from '@/modules/snackbar/hooks/useReportedCall';
import { useCurrentStore } from '@/modules/stores/hooks/useCurrentStore';
import { Button } from '@/modules/ui/components/Button';
import { ConfirmDialog } from '@/modules/ui/components/ConfirmDialog';
import { Card, Muted, PageHeader, Row, Stack } from '@/modules/ui/components/Layout';
import { CardItem, CardList } from '@/modules/ui/components/List';
import { Loading } from '@/modules/ui/components/Spinner';
import { useBookingAccess } from '../hooks/useBookingAccess';
import { useEvents } from '../hooks/useEvents';
import type { BookingEvent } from '@/modules/api/types';
import { inputOfEvent } from '../utils/eventForm';
import { BookingOff } from './BookingOff';
import { EventSummary } from './EventSummary';
import { StatusPill } from './StatusPill';

const StyledTitle = styled.h2`
  margin: 0;
  font-size: 17px;
  overflow-wrap: anywhere;
`;

/** What a manager is about to do to an event, asked in a dialog first. */
type Pending = { kind: 'toggle' | 'delete'; event: BookingEvent };

/**
 * `/booking`: the store's bookable events with their times, duration, capacity, rooms and
 * status; each can be enabled or disabled, edited, deleted, and its public page opened. Kept
 * live: what another manager saves shows at once.
 */
export function BookingScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const open = useBookingAccess();
  const { storeId, store, roles } = useCurrentStore();
  const { events, error, loading, put, drop } = useEvents();
  const { call, busy } = useReportedCall();
  const [pending, setPending] = useState<Pending | null>(null);

  if (!store) return <Loading label={t('common.loading')} />;
  if (!open) return <BookingOff />;
  const zone = store.timezoneReference;

  const handleConfirm = async () => {
    if (!pending) return;
    const { kind, event } = pending;
    if (kind === 'delete') {
      const done = await call('deleteEvent', { store: storeId, eventId: event.id }, { key: 'event-deleted', done: 'booking.events.deleted' });
      if (done) drop(event.id);
    } else {
      // Enabling sends every field again, with the new state.
      const done = await call(
        'updateEvent',
        { store: storeId, event: { ...inputOfEvent(event), id: event.id, isActive: !event.isActive } },
        { key: 'event-toggled', done: event.isActive ? 'booking.events.disabledDone' : 'booking.events.enabledDone' },
      );
      if (done) put(done.data.event);
    }
    setPending(null);
  };

  const sorted = [...(events ?? [])].sort((a, b) => a.title.localeCompare(b.title));
  return (
    <>
      <PageHeader>
        <h1>{t('booking.events.title')}</h1>
        <Row>
          <Link to="/reservations">{t('nav.reservations')}</Link>
          <Button onClick={() => navigate('/booking/create')} data-testid="event-new">
            {t('booking.events.new')}
          </Button>
        </Row>
      </PageHeader>
      <Stack $gap={3}>
        {error ? <Card role="alert">{errorText(t, error)}</Card> : null}
        {loading ? <Muted>{t('common.loading')}</Muted> : null}
        {events && events.length === 0 ? <Muted data-testid="events-empty">{t('booking.events.none')}</Muted> : null}
        <CardList data-testid="events-list" aria-label={t('booking.events.title')}>
          {sorted.map((event) => (
            <CardItem key={event.id} data-testid="event-card" data-event={event.url} aria-label={event.title}>
              <Row $justify="space-between">
                <StyledTitle>{event.title}</StyledTitle>
                <StatusPill $on={event.isActive} data-testid="event-status">
                  {event.isActive ? t('booking.events.enabled') : t('booking.events.disabled')}
                </StatusPill>
              </Row>
              <EventSummary event={event} roles={roles} zone={zone} />
              <Row $gap={2}>
                <Button $small $variant={event.isActive ? 'secondary' : 'primary'} onClick={() => setPending({ kind: 'toggle', event })} data-testid="event-toggle">
                  {event.isActive ? t('booking.events.disable') : t('booking.events.enable')}
                </Button>
                <Button $small $variant="secondary" onClick={() => navigate(`/booking/edit/${event.id}`)} data-testid="event-edit">
                  {t('common.edit')}
                </Button>
                <Button $small $variant="secondary" onClick={() => navigate(`/booking/link/${event.id}`)} data-testid="event-link">
                  {t('booking.events.link')}
                </Button>
                <Button $small $variant="danger" onClick={() => setPending({ kind: 'delete', event })} data-testid="event-delete">
                  {t('common.delete')}
                </Button>
              </Row>
            </CardItem>
          ))}
        </CardList>
      </Stack>
      {pending ? (
        <ConfirmDialog
          title={
            pending.kind === 'delete'
              ? t('booking.events.deleteTitle', { title: pending.event.title })
              : pending.event.isActive
                ? t('booking.events.disableTitle', { title: pending.event.title })
                : t('booking.events.enableTitle', { title: pending.event.title })
          }
          body={
            pending.kind === 'delete'
              ? t('booking.events.deleteBody')
              : pending.event.isActive
                ? t('booking.events.disableBody')
                : t('booking.events.enableBody')
          }
          confirmLabel={
            pending.kind === 'delete' ? t('common.delete') : pending.event.isActive ? t('booking.events.disable') : t('booking.events.enable')
          }
          cancelLabel={t('common.cancel')}
          danger={pending.kind === 'delete'}
          busy={busy}
          onConfirm={() => void handleConfirm()}
          onCancel={() => setPending(null)}
        />
      ) : null}
    </>
  );
}
