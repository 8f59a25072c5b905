import { BookEventPage as BookEvent } from '@/modules/booking/components/BookEventPage';
import { BookingScreen } from '@/modules/booking/components/BookingScreen';
import { EventLinkScreen } from '@/modules/booking/components/EventLinkScreen';
import { EventWizard } from '@/modules/booking/components/EventWizard';
import {
  CancelReservationPage as CancelReservation,
  ConfirmReservationPage as ConfirmReservation,
  RescheduleReservationPage as RescheduleReservation,
  ThankYouPage as ThankYou,
} from '@/modules/booking/components/ReservationPages';
import { ReservationsScreen } from '@/modules/booking/components/ReservationsScreen';

/** `/booking`: the store's bookable events. */
export function BookingPage() {
  return <BookingScreen />;
}

/** `/booking/create` and `/booking/edit/:id`: an event step by step. */
export function BookingEventPage() {
  return <EventWizard />;
}

/** `/booking/link/:id`: an event's public address and QR code. */
export function BookingLinkPage() {
  return <EventLinkScreen />;
}

/** `/reservations`: the booked sessions and their clients. */
export function ReservationsPage() {
  return <ReservationsScreen />;
}

/** `/book/:url`: an event's public page (no sign-in). */
export function BookEventPage() {
  return <BookEvent />;
}

/** `/reservation/confirm/:token` (no sign-in). */
export function ConfirmReservationPage() {
  return <ConfirmReservation />;
}

/** `/reservation/cancel/:token` (no sign-in). */
export function CancelReservationPage() {
  return <CancelReservation />;
}

/** `/reservation/reschedule/:token` (no sign-in). */
export function RescheduleReservationPage() {
  return <RescheduleReservation />;
}

/** `/thank-you` (no sign-in). */
export function ThankYouPage() {
  return <ThankYou />;
}
