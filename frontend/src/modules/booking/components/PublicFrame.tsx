import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { LanguagePicker } from '@/modules/app/components/LanguagePicker';

const StyledFrame = styled.div`
  min-height: 100%;
  display: flex;
  flex-direction: column;
  background: ${({ theme }) => theme.color.background};
`;

const StyledBar = styled.header`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.spacing(3)};
  padding: ${({ theme }) => theme.spacing(2)} ${({ theme }) => theme.spacing(4)};
  background: ${({ theme }) => theme.color.surface};
  border-bottom: 1px solid ${({ theme }) => theme.color.border};
  min-height: 56px;
`;

const StyledBrand = styled.span`
  font-weight: 700;
  color: ${({ theme }) => theme.color.primary};
  overflow-wrap: anywhere;
`;

const StyledLogo = styled.img`
  width: 32px;
  height: 32px;
  object-fit: cover;
  border-radius: ${({ theme }) => theme.radius}px;
  flex: none;
`;

const StyledStore = styled.span`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.spacing(2)};
  min-width: 0;
`;

const StyledMain = styled.main`
  width: 100%;
  max-width: 640px;
  margin: 0 auto;
  padding: ${({ theme }) => theme.spacing(4)};
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing(4)};
  h1 { margin: 0; font-size: 22px; overflow-wrap: anywhere; }
`;

export interface PublicFrameProps {
  /** The store's name, once known. */
  store?: string | null;
  /** The store's logo, beside its name (which names it: the picture is decoration). */
  logo?: string | null;
  children: ReactNode;
}

/**
 * The frame of the client's pages (no account, no sign-in): the store's name, a language
 * picker, and one narrow column that fits a phone.
 */
export function PublicFrame({ store, logo, children }: PublicFrameProps) {
  const { t } = useTranslation();
  return (
    <StyledFrame>
      <StyledBar>
        <StyledStore>
          {logo ? <StyledLogo src={logo} alt="" /> : null}
          <StyledBrand>{store || t('app.name')}</StyledBrand>
        </StyledStore>
        <LanguagePicker />
      </StyledBar>
      <StyledMain>{children}</StyledMain>
    </StyledFrame>
  );
}
