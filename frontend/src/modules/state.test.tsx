import { act, renderHook } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { RESET } from 'jotai/utils';
import { describe, expect, it } from 'vitest';
import { employee, shift } from '@/test/fixtures';
import type { StoreDetail } from '@/modules/api/types';
import { usePublishedBadge } from '@/modules/employee-home/hooks/usePublishedBadge';
import { seenPublishedShiftsState } from '@/modules/employee-home/states/seenPublishedShiftsState';
import { useThemePreferences } from '@/modules/preferences/hooks/useThemePreferences';
import { themeNameState } from '@/modules/preferences/states/themeNameState';
import { shiftStore } from '@/modules/schedule/store/shiftStore';
import { currentStoreIdState } from '@/modules/stores/states/currentStoreIdState';
import { storeDetailState } from '@/modules/stores/states/storeDetailState';
import { tourRunState } from '@/modules/tour/states/tourRunState';
import { permissionsSelector } from '@/modules/stores/states/selectors/permissionsSelector';
import { chooseStore } from '@/modules/stores/utils/chooseStore';
import { STORAGE_KEYS } from '@/modules/preferences/utils/storageKeys';

function detail(over: Partial<StoreDetail>): StoreDetail {
  return {
    store: {} as StoreDetail['store'],
    roles: [],
    employee: employee({ id: 'me' }),
    permissions: [],
    isOwner: false,
    isManager: false,
    version: 1,
    ...over,
  };
}

describe('atoms and selectors', () => {
  it('restores the theme from local storage and ignores unknown names', () => {
    localStorage.setItem(STORAGE_KEYS.themeName, JSON.stringify('purple'));
    expect(createStore().get(themeNameState)).toBe('purple');
    localStorage.setItem(STORAGE_KEYS.themeName, JSON.stringify('neon'));
    expect(createStore().get(themeNameState)).toBe('default');
  });

  it('saves a chosen theme and mode', () => {
    const state = createStore();
    const { result } = renderHook(() => useThemePreferences(), { wrapper: ({ children }) => <Provider store={state}>{children}</Provider> });
    act(() => result.current.setThemeName('cyan'));
    act(() => result.current.setThemeMode('dark'));
    expect(result.current.themeName).toBe('cyan');
    expect(localStorage.getItem(STORAGE_KEYS.themeName)).toBe('"cyan"');
    expect(localStorage.getItem(STORAGE_KEYS.themeType)).toBe('"dark"');
  });

  it('forgets a kept value when it is set to null or reset, and reads it per state store', () => {
    localStorage.setItem(STORAGE_KEYS.currentStore, JSON.stringify('s1'));
    const state = createStore();
    expect(state.get(currentStoreIdState)).toBe('s1');
    state.set(currentStoreIdState, 's2');
    expect(localStorage.getItem(STORAGE_KEYS.currentStore)).toBe('"s2"');
    state.set(currentStoreIdState, null);
    expect(localStorage.getItem(STORAGE_KEYS.currentStore)).toBeNull();
    state.set(tourRunState, { dashboard: false, main: true });
    state.set(tourRunState, RESET);
    expect(state.get(tourRunState)).toEqual({ dashboard: true, main: true });
    expect(localStorage.getItem(STORAGE_KEYS.tourRun)).toBeNull();
    localStorage.setItem(STORAGE_KEYS.currentStore, JSON.stringify('s3'));
    expect(createStore().get(currentStoreIdState)).toBe('s3');
  });

  it('derives permissions from the loaded store', () => {
    const state = createStore();
    expect(state.get(permissionsSelector)).toEqual({ isOwner: false, isManager: false, names: [] });
    state.set(storeDetailState, detail({ permissions: ['schedule'], isManager: true }));
    expect(state.get(permissionsSelector)).toEqual({ isOwner: false, isManager: true, names: ['schedule'] });
  });

  it('counts new published shifts of the signed-in employee for the badge, live', () => {
    shiftStore.clear();
    shiftStore.upsert([
      shift({ id: 'a', assigned: 'me', status: 'published' }),
      shift({ id: 'b', assigned: 'me', status: 'published' }),
      shift({ id: 'c', assigned: 'someone', status: 'published' }),
    ]);
    shiftStore.flush();
    const state = createStore();
    state.set(storeDetailState, detail({}));
    state.set(seenPublishedShiftsState, ['a']);
    const { result } = renderHook(() => usePublishedBadge(), { wrapper: ({ children }) => <Provider store={state}>{children}</Provider> });
    expect(result.current.count).toBe(1);
    act(() => {
      shiftStore.upsert([shift({ id: 'd', assigned: 'me', status: 'published' })]);
      shiftStore.flush();
    });
    expect(result.current.count).toBe(2);
    act(() => result.current.markSeen(['b', 'd']));
    expect(result.current.count).toBe(0);
    shiftStore.clear();
  });

  it('restores the chosen store when still a member, else the first active one', () => {
    const m = (id: string, deactive = false) => ({ id, name: id, type: 'others' as const, logo: null, timezoneReference: 'UTC', isOwner: false, permissions: [], employeeId: 'e', deactive });
    expect(chooseStore([m('a'), m('b')], 'b')).toBe('b');
    expect(chooseStore([m('a'), m('b')], 'gone')).toBe('a');
    expect(chooseStore([m('a', true), m('b')], 'a')).toBe('b');
    expect(chooseStore([], 'a')).toBeNull();
  });
});
