import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { useMe } from '@/modules/auth/hooks/useMe';
import { useSession } from '@/modules/auth/hooks/useSession';
import { StoreChooser } from '@/modules/stores/components/StoreChooser';
import { Tour } from '@/modules/tour/components/Tour';
import { mainSteps, tourFor } from '@/modules/tour/utils/tours';
import { Avatar } from '@/modules/ui/components/Avatar';
import { Button } from '@/modules/ui/components/Button';
import { Loading } from '@/modules/ui/components/Spinner';
import { useIsBelow } from '@/modules/ui/hooks/useMediaQuery';
import { down } from '@/modules/ui/theme/tokens';
import { VoiceButton } from '@/modules/voice/components/VoiceButton';
import { useLoadLiveFeeds } from '../hooks/useLiveFeeds';
import { useNavBadges } from '../hooks/useNavBadges';
import { BottomNav } from './BottomNav';
import { ConnectionDot, OfflineNotice } from './ConnectionState';
import { LiveFeedsContext } from './LiveFeedsContext';
import { LanguagePicker } from './LanguagePicker';
import { Sidebar } from './Sidebar';

const StyledFrame = styled.div`
  display: flex;
  min-height: 100%;
`;

const StyledMain = styled.div`
  flex: 1;
  min-width: 0;
  display: flex;
  flex-direction: column;
`;

const StyledTopBar = styled.header`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.spacing(3)};
  padding: ${({ theme }) => theme.spacing(2)} ${({ theme }) => theme.spacing(5)};
  background: ${({ theme }) => theme.color.surface};
  border-bottom: 1px solid ${({ theme }) => theme.color.border};
  min-height: 56px;
  ${down('md')} { padding: ${({ theme }) => theme.spacing(2)} ${({ theme }) => theme.spacing(3)}; }
`;

const StyledSpacer = styled.div`
  flex: 1;
`;

const StyledContent = styled.main`
  flex: 1;
  padding: ${({ theme }) => theme.spacing(5)};
  ${down('md')} {
    padding: ${({ theme }) => theme.spacing(3)};
    padding-bottom: 80px;
  }
`;

/** The signed-in frame: sidebar, top bar, page, bottom navigation on phones. */
export function AppShell() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const me = useMe();
  const { signOut } = useSession();
  const feeds = useLoadLiveFeeds();
  const badges = useNavBadges(feeds);
  // On a phone the language is chosen in Settings: the bar keeps its room for the store.
  const phone = useIsBelow('md');
  const { pathname } = useLocation();
  const name = me ? `${me.firstName} ${me.lastName}` : '';

  const handleSignOut = async () => {
    await signOut();
    navigate('/login');
  };

  return (
    <LiveFeedsContext.Provider value={feeds}>
      <StyledFrame>
        {/* One navigation is drawn: a phone's first load does not build the other hidden. */}
        {phone ? null : <Sidebar badges={badges} />}
        <StyledMain>
          <StyledTopBar>
            <StoreChooser />
            <ConnectionDot />
            <StyledSpacer />
            <VoiceButton />
            {phone ? null : <LanguagePicker />}
            <Avatar name={name} src={me?.profileImage} size={32} />
            <Button $variant="ghost" $small onClick={handleSignOut} style={{ whiteSpace: 'nowrap' }}>
              {t('auth.signOut')}
            </Button>
          </StyledTopBar>
          <OfflineNotice />
          <StyledContent>
            {/* Pages load on first visit; the frame stays while they do. */}
            {tourFor(pathname) === 'main' ? <Tour name="main" steps={mainSteps(phone, i18n.dir() === 'rtl')} /> : null}
            <Suspense fallback={<Loading label={t('common.loading')} />}>
              <Outlet />
            </Suspense>
          </StyledContent>
        </StyledMain>
        {phone ? <BottomNav badges={badges} /> : null}
      </StyledFrame>
    </LiveFeedsContext.Provider>
  );
}
