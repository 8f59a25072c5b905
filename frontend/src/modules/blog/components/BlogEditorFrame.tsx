import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { RedirectToLogin } from '@/modules/app/components/RequirePermission';
import { StartupFrame } from '@/modules/app/components/StartupFrame';
import { useHomeState } from '@/modules/app/hooks/useHomeState';

const StyledMain = styled.main`
  max-width: 1100px;
  margin: 0 auto;
  padding: ${({ theme }) => theme.spacing(4)};
`;

const StyledTop = styled.nav`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.spacing(4)};
  margin-bottom: ${({ theme }) => theme.spacing(4)};
  a { min-height: 44px; display: inline-flex; align-items: center; }
`;

export type BlogEditorFrameProps = { children: ReactNode };

/**
 * The editors' screens: for a signed-in account, whether or not it belongs to a store (the
 * blog's editors are the site's, named by the server's configuration, which answers a
 * refusal to anyone else).
 */
export function BlogEditorFrame({ children }: BlogEditorFrameProps) {
  const { t } = useTranslation();
  const { state } = useHomeState();
  if (state === 'signedOut') return <RedirectToLogin />;
  if (state === 'loading') return <StartupFrame />;
  return (
    <StyledMain>
      <StyledTop aria-label={t('blog.admin.nav')}>
        <Link to="/posts/admin/list">{t('blog.admin.title')}</Link>
        <a href="/posts">{t('blog.admin.public')}</a>
        <Link to="/app">{t('blog.admin.backToApp')}</Link>
      </StyledTop>
      {children}
    </StyledMain>
  );
}
