import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { Muted, PageHeader, Stack } from '@/modules/ui/components/Layout';
import { useTickets } from '../hooks/useTickets';

const StyledGrid = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 240px), 1fr));
  gap: ${({ theme }) => theme.spacing(3)};
`;

const StyledEntry = styled(Link)`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing(1)};
  height: 100%;
  padding: ${({ theme }) => theme.spacing(4)};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius}px;
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.text};
  text-decoration: none;
  strong { color: ${({ theme }) => theme.color.primary}; }
  &:focus-visible { outline: 2px solid ${({ theme }) => theme.color.primary}; outline-offset: 2px; }
`;

/** `/support`: the way to one's tickets, a new ticket, the FAQ, feedback and the help centre. */
export function SupportHome() {
  const { t } = useTranslation();
  const { data } = useTickets();
  const entries = [
    { to: '/support/ticket', key: 'tickets' },
    { to: '/support/ticket/newTicket', key: 'newTicket' },
    { to: '/support/faq', key: 'faq' },
    { to: '/support/feedback', key: 'feedback' },
    { to: '/help', key: 'help' },
    ...(data?.support ? [{ to: '/tickets', key: 'staff' }] : []),
  ];
  return (
    <Stack>
      <PageHeader>
        <h1>{t('support.title')}</h1>
      </PageHeader>
      <Muted>{t('support.intro')}</Muted>
      <StyledGrid>
        {entries.map((e) => (
          <li key={e.key}>
            <StyledEntry to={e.to} data-testid={`support-${e.key}`}>
              <strong>{t(`support.entries.${e.key}`)}</strong>
              <span>{t(`support.entries.${e.key}Text`)}</span>
            </StyledEntry>
          </li>
        ))}
      </StyledGrid>
    </Stack>
  );
}
