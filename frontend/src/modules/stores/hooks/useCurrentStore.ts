import { startTransition, useCallback } from 'react';
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import type { Employee, StoreDetail } from '@/modules/api/types';
import { useApi } from '@/modules/auth/hooks/useApi';
import { currentStoreIdState } from '../states/currentStoreIdState';
import { employeesState } from '../states/employeesState';
import { storeDetailState } from '../states/storeDetailState';
import { permissionsSelector } from '../states/selectors/permissionsSelector';

/** The current store, its employees, the user's permissions, and loaders for them. */
export function useCurrentStore() {
  const api = useApi();
  const [storeId, setStoreId] = useAtom(currentStoreIdState);
  const [detail, setDetail] = useAtom(storeDetailState);
  const [employees, setEmployees] = useAtom(employeesState);
  const permissions = useAtomValue(permissionsSelector);

  const reloadStore = useCallback(
    async (id = storeId) => {
      if (!id) return null;
      const next = await api.get<StoreDetail>(`/stores/${id}`);
      // Drawn as a transition (see `refreshMe`).
      startTransition(() => setDetail(next));
      return next;
    },
    [api, storeId, setDetail],
  );

  const reloadEmployees = useCallback(
    async (id = storeId) => {
      if (!id) return [];
      const next = await api.get<Employee[]>(`/stores/${id}/employees`);
      startTransition(() => setEmployees(next));
      return next;
    },
    [api, storeId, setEmployees],
  );

  return {
    storeId,
    setStoreId,
    detail,
    store: detail?.store ?? null,
    roles: detail?.roles ?? [],
    me: detail?.employee ?? null,
    employees,
    setEmployees,
    setDetail,
    permissions,
    reloadStore,
    reloadEmployees,
  };
}

/** Switches stores: live data of the old store is dropped before the new one loads. */
export function useSwitchStore() {
  const setStoreId = useSetAtom(currentStoreIdState);
  const setDetail = useSetAtom(storeDetailState);
  const setEmployees = useSetAtom(employeesState);
  return useCallback(
    (id: string) => {
      setDetail(null);
      setEmployees([]);
      setStoreId(id);
    },
    [setStoreId, setDetail, setEmployees],
  );
}
