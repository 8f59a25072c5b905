import { useTranslation } from 'react-i18next';
import styled, { useTheme } from 'styled-components';
import { Badge } from '@/modules/ui/components/Layout';
import type { TicketSummary } from '../types/support';
import { hasUnseenAnswer, statusTone } from '../utils/tickets';

const StyledBadges = styled.span`
  display: inline-flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.spacing(1)};
`;

const StyledPriority = styled.span<{ $high: boolean }>`
  display: inline-flex;
  align-items: center;
  height: 20px;
  padding: 0 6px;
  border-radius: 10px;
  font-size: 12px;
  font-weight: 600;
  border: 1px solid ${({ theme, $high }) => ($high ? theme.color.danger : theme.color.border)};
  color: ${({ theme, $high }) => ($high ? theme.color.danger : theme.color.text)};
`;

export type TicketBadgesProps = { ticket: Pick<TicketSummary, 'status' | 'priority' | 'seen' | 'adminResponse'> };

/** A ticket's status and priority, and a mark when support's answer is unread. */
export function TicketBadges({ ticket }: TicketBadgesProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  return (
    <StyledBadges>
      <Badge $color={theme.color[statusTone(ticket.status)]} data-testid="ticket-status" data-status={ticket.status}>
        {t(`support.status.${ticket.status}`)}
      </Badge>
      <StyledPriority $high={ticket.priority === 'high'} data-testid="ticket-priority">
        {t('support.priority.badge', { priority: t(`support.priority.${ticket.priority}`) })}
      </StyledPriority>
      {hasUnseenAnswer(ticket) ? (
        <Badge $color={theme.color.primary} data-testid="ticket-unseen">
          {t('support.tickets.unseen')}
        </Badge>
      ) : null}
    </StyledBadges>
  );
}
