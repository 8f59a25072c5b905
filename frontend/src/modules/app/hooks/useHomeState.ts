import { useMe } from '@/modules/auth/hooks/useMe';
import { useToken } from '@/modules/auth/hooks/useToken';
import { useCurrentStore } from '@/modules/stores/hooks/useCurrentStore';
import { homePath, homeState, type HomeState } from '@/modules/permissions/utils/routePermissions';

/** Where the user stands: loading, signed out, or which home they get, and its path. */
export function useHomeState(): { state: HomeState; path: string; needsStore: boolean; needsConfirm: boolean } {
  const token = useToken();
  const me = useMe();
  const { detail, storeId } = useCurrentStore();
  const signedIn = !token ? false : me === undefined ? undefined : me !== null;
  const needsConfirm = !!me && me.status === 'pendingconfirm';
  const needsStore = !!me && me.stores.filter((s) => !s.deactive).length === 0;
  const loadedDetail = detail && detail.store.id === storeId ? detail : null;
  const state = homeState({
    signedIn,
    permissions: needsStore || needsConfirm ? [] : loadedDetail?.permissions,
    isOwner: loadedDetail?.isOwner ?? false,
  });
  return {
    state,
    path: homePath(state, loadedDetail?.permissions ?? [], loadedDetail?.isOwner ?? false),
    needsStore,
    needsConfirm,
  };
}
