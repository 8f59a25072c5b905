import { useEffect } from 'react';
import { useMe } from '@/modules/auth/hooks/useMe';
import { useSession } from '@/modules/auth/hooks/useSession';
import { useCurrentStore, useSwitchStore } from '@/modules/stores/hooks/useCurrentStore';
import { chooseStore } from '@/modules/stores/utils/chooseStore';
import { useChanges } from '@/modules/realtime/hooks/useChanges';
import { useApplyShiftChanges, useResetShifts } from '@/modules/schedule/hooks/useShifts';

/**
 * Loads what the app needs once signed in: the user, the chosen store (restored from the last
 * visit, else the first), its detail and employees; and keeps them current with realtime
 * changes.
 */
export function useBootstrap() {
  const { token, refreshMe, signOut } = useSession();
  const me = useMe();
  const { storeId, reloadStore, reloadEmployees } = useCurrentStore();
  const switchStore = useSwitchStore();
  const resetShifts = useResetShifts();

  useEffect(() => {
    refreshMe().catch(() => signOut());
  }, [refreshMe, signOut]);

  useEffect(() => {
    if (!me) return;
    const chosen = chooseStore(me.stores, storeId);
    if (chosen && chosen !== storeId) switchStore(chosen);
  }, [me, storeId, switchStore]);

  useEffect(() => {
    if (!token || !storeId) return;
    resetShifts();
    reloadStore(storeId).catch(() => undefined);
    reloadEmployees(storeId).catch(() => undefined);
  }, [token, storeId, reloadStore, reloadEmployees, resetShifts]);

  useApplyShiftChanges();
  useChanges(
    (event) => {
      if (event.type.startsWith('store.') || event.type.startsWith('role.')) {
        void reloadStore().catch(() => undefined);
      }
      if (event.type.startsWith('employee.') || event.type.startsWith('role.')) {
        void reloadEmployees().catch(() => undefined);
      }
    },
    () => {
      void reloadStore().catch(() => undefined);
      void reloadEmployees().catch(() => undefined);
    },
  );
}
