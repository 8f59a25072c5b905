import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { ApiError } from '@/modules/api/ApiError';
import { errorText } from '@/modules/api/errors';
import { Button } from '@/modules/ui/components/Button';
import { ConfirmDialog } from '@/modules/ui/components/ConfirmDialog';
import { FormError } from '@/modules/ui/components/Field';
import { Card, Muted, Row, Stack } from '@/modules/ui/components/Layout';
import { Loading } from '@/modules/ui/components/Spinner';
import { formatTimeRange } from '@/modules/ui/utils/format';
import { useNow } from '../hooks/useNow';
import { useReservation } from '../hooks/useReservation';
import type { Reservation } from '@/modules/api/types';
import { heldUntil } from '../utils/holds';
import { PLACE_STATUS } from '../utils/sessions';
import { formatCountdown, secondsLeft, visitorZone } from '../utils/slots';
import { usableZone } from '../utils/zone';
import { PublicFrame } from './PublicFrame';
import { NO_CHOICE, SlotPicker, type SlotChoice } from './SlotPicker';

const StyledFacts = styled.dl`
  display: grid;
  grid-template-columns: max-content minmax(0, 1fr);
  gap: ${({ theme }) => theme.spacing(1)} ${({ theme }) => theme.spacing(3)};
  margin: 0;
  dt { color: ${({ theme }) => theme.color.textMuted}; }
  dd { margin: 0; overflow-wrap: anywhere; }
`;

const StyledCountdown = styled.p`
  margin: 0;
  font-size: 20px;
  font-weight: 600;
  color: ${({ theme }) => theme.color.primaryStrong};
`;

/** Whether a client's place was cancelled (by them or by the store). */
const cancelled = (r: Reservation) => r.status === PLACE_STATUS.cancelledByClient || r.status === PLACE_STATUS.cancelledByManager;

/** When a reservation is, in the store's zone, and in the visitor's when it differs. */
function useWhen() {
  const { i18n } = useTranslation();
  const locale = i18n.resolvedLanguage;
  return (r: { start: number; end: number; timezone: string }) => {
    const zone = usableZone(r.timezone);
    const day = (zone: string) => new Intl.DateTimeFormat(locale, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: zone }).format(r.start);
    const store = `${day(zone)}, ${formatTimeRange(r.start, r.end, zone, locale)}`;
    const own = visitorZone();
    const mine = `${day(own)}, ${formatTimeRange(r.start, r.end, own, locale)}`;
    return { store, mine: mine === store ? null : mine };
  };
}

/** What was booked, when and with whom. */
function ReservationFacts({ reservation }: { reservation: Reservation }) {
  const { t } = useTranslation();
  const when = useWhen()(reservation);
  return (
    <StyledFacts data-testid="reservation-facts">
      <dt>{t('booking.public.what')}</dt>
      <dd>{reservation.title}</dd>
      <dt>{t('booking.public.where')}</dt>
      <dd>{reservation.store}</dd>
      <dt>{t('booking.public.whenLabel')}</dt>
      <dd>
        {when.store}
        {when.mine ? (
          <>
            <br />
            <Muted>{t('booking.public.yourTime', { time: when.mine })}</Muted>
          </>
        ) : null}
      </dd>
      {reservation.with ? (
        <>
          <dt>{t('booking.public.with')}</dt>
          <dd>{reservation.with}</dd>
        </>
      ) : null}
    </StyledFacts>
  );
}

/** A link that cannot be used (invalid, expired) or a reservation that cannot be read. */
function LinkProblem({ error }: { error: unknown }) {
  const { t } = useTranslation();
  return (
    <PublicFrame>
      <Card role="alert" data-testid="link-problem">
        <h1>{t('booking.public.linkProblemTitle')}</h1>
        <p>{errorText(t, error)}</p>
      </Card>
    </PublicFrame>
  );
}

function Waiting() {
  const { t } = useTranslation();
  return (
    <PublicFrame>
      <Loading label={t('common.loading')} />
    </PublicFrame>
  );
}

/** A link back to the event's page, to book again. */
function BookAgain({ url }: { url?: string | null }) {
  const { t } = useTranslation();
  if (!url) return null;
  return <Link to={`/book/${encodeURIComponent(url)}`}>{t('booking.public.bookAgain')}</Link>;
}

/**
 * `/reservation/confirm/:token`: the held reservation with the time left to confirm it; the
 * Confirm button makes it final and leads to the thank-you page. A hold that ran out says to
 * book again.
 */
export function ConfirmReservationPage() {
  const { t, i18n } = useTranslation();
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const { api, reservation, error, replace } = useReservation(token);
  const now = useNow();
  const [failure, setFailure] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const stateHold = (location.state as { holdUntil?: number } | null)?.holdUntil;
  const hold = typeof stateHold === 'number' ? stateHold : heldUntil(token);

  const handleConfirm = async () => {
    setBusy(true);
    setFailure(null);
    try {
      const done = await api.call('confirmReservation', { token });
      replace(done);
      navigate(`/thank-you?token=${encodeURIComponent(token)}`, { state: { reservation: done } });
    } catch (e) {
      setFailure(e);
    } finally {
      setBusy(false);
    }
  };

  if (error) return <LinkProblem error={error} />;
  if (!reservation) return <Waiting />;
  const left = hold === null ? null : secondsLeft(hold, now);
  const expired = (failure instanceof ApiError && failure.code === 'hold_expired') || left === 0;
  const confirmed = reservation.status === PLACE_STATUS.confirmed;
  return (
    <PublicFrame store={reservation.store}>
      <h1>{t('booking.public.confirmTitle')}</h1>
      <Card>
        <Stack $gap={4}>
          <ReservationFacts reservation={reservation} />
          {cancelled(reservation) ? (
            <p role="status">{t('booking.public.isCancelled')}</p>
          ) : confirmed ? (
            <Row>
              <p role="status">{t('booking.public.alreadyConfirmed')}</p>
              <Link to={`/thank-you?token=${encodeURIComponent(token)}`}>{t('booking.public.continue')}</Link>
            </Row>
          ) : expired ? (
            <Stack $gap={2}>
              <p role="alert" data-testid="hold-expired">
                {t('booking.errors.holdExpired')}
              </p>
              <BookAgain url={reservation.url} />
            </Stack>
          ) : (
            <Stack $gap={3}>
              {left !== null ? (
                <div>
                  <Muted>{t('booking.public.heldFor')}</Muted>
                  <StyledCountdown role="timer" aria-live="off" data-testid="hold-countdown">
                    {formatCountdown(left, i18n.resolvedLanguage)}
                  </StyledCountdown>
                </div>
              ) : (
                <Muted>{t('booking.public.heldShort')}</Muted>
              )}
              {failure ? <FormError role="alert">{errorText(t, failure)}</FormError> : null}
              <Button onClick={() => void handleConfirm()} disabled={busy} data-testid="confirm-reservation">
                {t('booking.public.confirm')}
              </Button>
            </Stack>
          )}
        </Stack>
      </Card>
    </PublicFrame>
  );
}

/**
 * `/thank-you`: what was booked, when and with whom, and that an e-mail with the calendar
 * invitation is on its way. It reads the reservation again by its token when opened anew.
 * With `?for=demo` it thanks a visitor for the demo they asked for on the public contact
 * page (whose form the server answers with this address).
 */
export function ThankYouPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const location = useLocation();
  const passed = (location.state as { reservation?: Reservation } | null)?.reservation ?? null;
  const token = params.get('token') ?? '';
  if (params.get('for') === 'demo') return <DemoThanks />;
  if (passed) return <ThankYou reservation={passed} />;
  if (!token) {
    return (
      <PublicFrame>
        <h1>{t('booking.public.thanksTitle')}</h1>
        <Card>
          <p>{t('booking.public.thanksMail')}</p>
        </Card>
      </PublicFrame>
    );
  }
  return <ThankYouByToken token={token} />;
}

/** The thanks for a demo request; the link leads back to the public site in the reader's language. */
function DemoThanks() {
  const { t, i18n } = useTranslation();
  return (
    <PublicFrame>
      <h1 data-testid="demo-thank-you">{t('booking.public.demoThanksTitle')}</h1>
      <Card>
        <Stack $gap={3}>
          <p>{t('booking.public.demoThanksBody')}</p>
          <a href={`/?lang=${i18n.resolvedLanguage ?? 'en'}`}>{t('booking.public.demoThanksBack')}</a>
        </Stack>
      </Card>
    </PublicFrame>
  );
}

function ThankYouByToken({ token }: { token: string }) {
  const { reservation, error } = useReservation(token);
  if (error) return <LinkProblem error={error} />;
  if (!reservation) return <Waiting />;
  return <ThankYou reservation={reservation} />;
}

function ThankYou({ reservation }: { reservation: Reservation }) {
  const { t } = useTranslation();
  return (
    <PublicFrame store={reservation.store}>
      <h1 data-testid="thank-you">{t('booking.public.thanksTitle')}</h1>
      <Card>
        <Stack $gap={4}>
          <p>{t('booking.public.thanksBody')}</p>
          <ReservationFacts reservation={reservation} />
          <p>{t('booking.public.thanksMail')}</p>
        </Stack>
      </Card>
    </PublicFrame>
  );
}

/**
 * `/reservation/cancel/:token`: the reservation and a Cancel button (asked again in a
 * dialog). A cancelled reservation says so; using the link twice changes nothing.
 */
export function CancelReservationPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const { api, reservation, error, replace } = useReservation(token);
  const [asking, setAsking] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  const handleCancel = async () => {
    setAsking(false);
    setBusy(true);
    setFailure(null);
    try {
      replace(await api.call('cancelReservation', { token }));
    } catch (e) {
      setFailure(e);
    } finally {
      setBusy(false);
    }
  };

  if (error) return <LinkProblem error={error} />;
  if (!reservation) return <Waiting />;
  const isCancelled = cancelled(reservation);
  return (
    <PublicFrame store={reservation.store}>
      <h1>{t('booking.public.cancelTitle')}</h1>
      <Card>
        <Stack $gap={4}>
          <ReservationFacts reservation={reservation} />
          {isCancelled ? (
            <Stack $gap={2}>
              <p role="status" data-testid="reservation-cancelled">
                {t('booking.public.isCancelled')}
              </p>
              <BookAgain url={reservation.url} />
            </Stack>
          ) : (
            <Stack $gap={3}>
              {failure ? <FormError role="alert">{errorText(t, failure)}</FormError> : null}
              <Button $variant="danger" onClick={() => setAsking(true)} disabled={busy} data-testid="cancel-reservation">
                {t('booking.public.cancel')}
              </Button>
            </Stack>
          )}
        </Stack>
      </Card>
      {asking ? (
        <ConfirmDialog
          title={t('booking.public.cancelAsk')}
          body={t('booking.public.cancelAskBody')}
          confirmLabel={t('booking.public.cancel')}
          cancelLabel={t('booking.public.keep')}
          danger
          busy={busy}
          onConfirm={() => void handleCancel()}
          onCancel={() => setAsking(false)}
        />
      ) : null}
    </PublicFrame>
  );
}

/** `getEventByUrl`'s answer, as the reschedule page needs it. */
interface EventDates {
  event: { url: string; allowEmployeeSelection: boolean; dates: string[] };
  store: { timezone: string };
}

/**
 * `/reservation/reschedule/:token`: another date and slot of the same event, and the move
 * (`rescheduleReservation`); the page then shows the new time.
 */
export function RescheduleReservationPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const { api, reservation, error, replace } = useReservation(token);
  const [event, setEvent] = useState<EventDates | null>(null);
  const [eventError, setEventError] = useState<unknown>(null);
  const [choice, setChoice] = useState<SlotChoice>(NO_CHOICE);
  const [failure, setFailure] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const [moved, setMoved] = useState(false);
  const url = reservation?.url ?? null;

  useEffect(() => {
    if (!url) return;
    let live = true;
    api
      .call('getEventByUrl', { eventURL: url })
      .then((answer) => live && setEvent(answer))
      .catch((e: unknown) => live && setEventError(e));
    return () => {
      live = false;
    };
  }, [api, url]);

  const handleMove = async () => {
    if (choice.start === null) {
      setFailure(new ApiError({ code: 'required', message: t('booking.public.slotRequired'), details: { field: 'session' } }, 400));
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      replace(await api.call('rescheduleReservation', { token, reservationSlot: { date: choice.date, session: choice.start }, employeeUid: choice.employeeUid || undefined }));
      setMoved(true);
      setChoice(NO_CHOICE);
    } catch (e) {
      setFailure(e);
    } finally {
      setBusy(false);
    }
  };

  if (error) return <LinkProblem error={error} />;
  if (!reservation) return <Waiting />;
  return (
    <PublicFrame store={reservation.store}>
      <h1>{t('booking.public.rescheduleTitle')}</h1>
      <Card>
        <Stack $gap={4}>
          {moved ? (
            <p role="status" data-testid="reservation-moved">
              {t('booking.public.moved')}
            </p>
          ) : null}
          <ReservationFacts reservation={reservation} />
        </Stack>
      </Card>
      {cancelled(reservation) ? (
        <Card role="status">{t('booking.public.isCancelled')}</Card>
      ) : eventError ? (
        <Card role="alert">{errorText(t, eventError)}</Card>
      ) : !event ? (
        <Muted role="status">{t('common.loading')}</Muted>
      ) : (
        <Card>
          <Stack $gap={3}>
            <h2 style={{ margin: 0, fontSize: 18 }}>{t('booking.public.newTime')}</h2>
            <SlotPicker
              api={api}
              eventURL={event.event.url}
              dates={event.event.dates}
              storeZone={usableZone(event.store.timezone)}
              zoneLabel={event.store.timezone}
              allowEmployeeSelection={event.event.allowEmployeeSelection}
              value={choice}
              onChange={setChoice}
              current={reservation.start}
            />
            {failure ? <FormError role="alert">{errorText(t, failure)}</FormError> : null}
            <Button onClick={() => void handleMove()} disabled={busy || choice.start === null} data-testid="reschedule-reservation">
              {t('booking.public.move')}
            </Button>
          </Stack>
        </Card>
      )}
    </PublicFrame>
  );
}
