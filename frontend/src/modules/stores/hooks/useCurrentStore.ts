import { useCallback } from 'react';
import { useRecoilState, useRecoilValue, useSetRecoilState } from 'recoil';
import type { Employee, StoreDetail } from '@/modules/api/types';
import { useApi } from '@/modules/auth/hooks/useApi';
import { currentStoreIdState } from '../states/currentStoreIdState';
import { employeesState } from '../states/employeesState';
import { storeDetailState } from '../states/storeDetailState';
import { permissionsSelector } from '../states/selectors/permissionsSelector';

/** The current store, its employees, the user's permissions, and loaders for them. */
export function useCurrentStore() {
  const api = useApi();
  const [storeId, setStoreId] = useRecoilState(currentStoreIdState);
  const [detail, setDetail] = useRecoilState(storeDetailState);
  const [employees, setEmployees] = useRecoilState(employeesState);
  const permissions = useRecoilValue(permissionsSelector);

  const reloadStore = useCallback(
    async (id = storeId) => {
      if (!id) return null;
      const next = await api.get<StoreDetail>(`/stores/${id}`);
      setDetail(next);
      return next;
    },
    [api, storeId, setDetail],
  );

  const reloadEmployees = useCallback(
    async (id = storeId) => {
      if (!id) return [];
      const next = await api.get<Employee[]>(`/stores/${id}/employees`);
      setEmployees(next);
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
  const setStoreId = useSetRecoilState(currentStoreIdState);
  const setDetail = useSetRecoilState(storeDetailState);
  const setEmployees = useSetRecoilState(employeesState);
  return useCallback(
    (id: string) => {
      setDetail(null);
      setEmployees([]);
      setStoreId(id);
    },
    [setStoreId, setDetail, setEmployees],
  );
}
