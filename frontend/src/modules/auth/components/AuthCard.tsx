import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { LanguagePicker } from '@/modules/app/components/LanguagePicker';
import { Card, NarrowPage, Stack } from '@/modules/ui/components/Layout';

const StyledHead = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.spacing(3)};
`;

const StyledTitle = styled.div`
  h1 { margin: 0; font-size: 22px; }
`;

const StyledBrand = styled.div`
  color: ${({ theme }) => theme.color.primary};
  font-weight: 700;
  font-size: 18px;
`;

/** The frame of account screens: brand, language picker, title, content. */
export function AuthCard({ title, children }: { title: ReactNode; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <NarrowPage>
      <Card>
        <Stack>
          <StyledHead>
            <StyledBrand>{t('app.name')}</StyledBrand>
            <LanguagePicker />
          </StyledHead>
          <StyledTitle>
            <h1>{title}</h1>
          </StyledTitle>
          {children}
        </Stack>
      </Card>
    </NarrowPage>
  );
}
