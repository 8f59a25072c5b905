import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { errorText } from '@/modules/api/errors';
import { Card, Muted, PageHeader, Row, Stack } from '@/modules/ui/components/Layout';
import { CardItem, CardList } from '@/modules/ui/components/List';
import { useSupportFormats } from '../hooks/useSupportFormats';
import { useTickets } from '../hooks/useTickets';
import { hasUnseenAnswer } from '../utils/tickets';
import { TicketBadges } from './TicketBadges';

const StyledTitle = styled(Link)`
  font-weight: 600;
  color: ${({ theme }) => theme.color.text};
  overflow-wrap: anywhere;
  unicode-bidi: plaintext;
`;

export type TicketListProps = {
  /** Support staff's list of every ticket (`/tickets`) rather than one's own. */
  staff?: boolean;
};

/** One's tickets, or every ticket for support staff: newest change first, unseen answers marked. */
export function TicketList({ staff = false }: TicketListProps) {
  const { t } = useTranslation();
  const { when, number } = useSupportFormats();
  const { data, error } = useTickets();
  const tickets = data?.tickets ?? [];
  return (
    <Stack>
      <PageHeader>
        <h1>{t(staff ? 'support.staff.title' : 'support.tickets.title')}</h1>
        {staff ? null : (
          <Link to="/support/ticket/newTicket" data-testid="new-ticket">
            {t('support.tickets.new')}
          </Link>
        )}
      </PageHeader>
      {error ? <Card role="alert">{errorText(t, error)}</Card> : null}
      {data === null && !error ? <Muted>{t('common.loading')}</Muted> : null}
      {staff && data && !data.support ? <Card role="alert">{t('support.staff.notStaff')}</Card> : null}
      {data && tickets.length === 0 && (!staff || data.support) ? <Card>{t(staff ? 'support.staff.empty' : 'support.tickets.empty')}</Card> : null}
      <CardList data-testid="tickets">
        {tickets.map((ticket) => (
          <CardItem key={ticket.id} $highlight={!staff && hasUnseenAnswer(ticket)} data-testid="ticket" data-ticket={ticket.id}>
            <Row $justify="space-between">
              <StyledTitle to={`/support/ticket/ticketDetails?id=${ticket.id}`}>
                <bdi>{t('support.tickets.number', { no: number(ticket.ticketNo) })}</bdi> {ticket.title}
              </StyledTitle>
              <TicketBadges ticket={ticket} />
            </Row>
            {staff && ticket.user ? (
              <Muted>
                {t('support.staff.from')} <bdi>{ticket.user.name}</bdi> (<bdi>{ticket.user.email}</bdi>)
              </Muted>
            ) : null}
            <Muted>{t('support.tickets.updated', { when: when(ticket.modifiedAt) })}</Muted>
          </CardItem>
        ))}
      </CardList>
    </Stack>
  );
}
