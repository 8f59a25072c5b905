import { Faq } from '@/modules/support/components/Faq';
import { FeedbackForm } from '@/modules/support/components/FeedbackForm';
import { HelpCentre } from '@/modules/support/components/HelpCentre';
import { NewTicketForm } from '@/modules/support/components/NewTicketForm';
import { SupportHome } from '@/modules/support/components/SupportHome';
import { TicketDetails } from '@/modules/support/components/TicketDetails';
import { TicketList } from '@/modules/support/components/TicketList';

/** `/support`: tickets, FAQ and feedback. */
export function SupportPage() {
  return <SupportHome />;
}

/** `/support/ticket`: one's tickets. */
export function MyTicketsPage() {
  return <TicketList />;
}

/** `/support/ticket/newTicket`: a new ticket. */
export function NewTicketPage() {
  return <NewTicketForm />;
}

/** `/support/ticket/ticketDetails?id=`: a ticket's thread. */
export function TicketDetailsPage() {
  return <TicketDetails />;
}

/** `/support/faq`: frequently asked questions. */
export function FaqPage() {
  return <Faq />;
}

/** `/support/feedback`: feedback on the product. */
export function FeedbackPage() {
  return <FeedbackForm />;
}

/** `/tickets`: every ticket, for support staff. */
export function SupportTicketsPage() {
  return <TicketList staff />;
}

/** `/help`: the help centre. */
export function HelpPage() {
  return <HelpCentre />;
}
