import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { Card, Muted, PageHeader, Stack } from '@/modules/ui/components/Layout';
import { HELP_TOPICS } from '../utils/tickets';

const StyledTopics = styled.dl`
  margin: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing(2)};
  dt { font-weight: 600; }
  dd { margin: 0; color: ${({ theme }) => theme.color.textMuted}; }
`;

/** `/help`: short topics for owners, managers and employees, and the way to support. */
export function HelpCentre() {
  const { t } = useTranslation();
  return (
    <Stack>
      <PageHeader>
        <h1>{t('help.title')}</h1>
      </PageHeader>
      <Muted>{t('help.intro')}</Muted>
      {(Object.keys(HELP_TOPICS) as (keyof typeof HELP_TOPICS)[]).map((group) => (
        <Card key={group} data-testid={`help-${group}`}>
          <Stack $gap={2}>
            <h2>{t(`help.${group}.title`)}</h2>
            <StyledTopics>
              {HELP_TOPICS[group].map((topic) => (
                <div key={topic}>
                  <dt>{t(`help.${group}.${topic}.title`)}</dt>
                  <dd>{t(`help.${group}.${topic}.text`)}</dd>
                </div>
              ))}
            </StyledTopics>
          </Stack>
        </Card>
      ))}
      <Card>
        {t('help.more')} <Link to="/support/ticket/newTicket">{t('help.raise')}</Link> · <Link to="/support/faq">{t('support.faq.title')}</Link>
      </Card>
    </Stack>
  );
}
