import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { PageHeader, Stack } from '@/modules/ui/components/Layout';
import { FAQ_KEYS } from '../utils/tickets';

const StyledItem = styled.details`
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius}px;
  background: ${({ theme }) => theme.color.surface};
  padding: ${({ theme }) => theme.spacing(3)};
  summary { cursor: pointer; font-weight: 600; }
  p { margin: ${({ theme }) => theme.spacing(2)} 0 0; }
`;

/** `/support/faq`: the frequently asked questions, from the catalogues. */
export function Faq() {
  const { t } = useTranslation();
  return (
    <Stack>
      <PageHeader>
        <h1>{t('support.faq.title')}</h1>
        <Link to="/support">{t('support.title')}</Link>
      </PageHeader>
      <Stack $gap={2} data-testid="faq">
        {FAQ_KEYS.map((key) => (
          <StyledItem key={key} open={key === 'trial' || key === 'nonprofit'}>
            <summary>{t(`support.faq.items.${key}.q`)}</summary>
            <p>{t(`support.faq.items.${key}.a`)}</p>
          </StyledItem>
        ))}
      </Stack>
    </Stack>
  );
}
