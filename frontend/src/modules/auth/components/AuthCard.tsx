import type { ReactNode } from 'react';
import styled from 'styled-components';
import { LanguagePicker } from '@/modules/app/components/LanguagePicker';
import { Card, NarrowPage, Stack } from '@/modules/ui/components/Layout';

const StyledHead = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.spacing(3)};
  h1 { margin: 0; font-size: 22px; }
`;

const StyledBrand = styled.div`
  color: ${({ theme }) => theme.color.primary};
  font-weight: 700;
  font-size: 18px;
`;

/** The frame of account screens: brand, language picker, title, content. */
export function AuthCard({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <NarrowPage>
      <Card>
        <Stack>
          <StyledHead>
            <StyledBrand>Clockto</StyledBrand>
            <LanguagePicker />
          </StyledHead>
          <h1 style={{ margin: 0, fontSize: 22 }}>{title}</h1>
          {children}
        </Stack>
      </Card>
    </NarrowPage>
  );
}
