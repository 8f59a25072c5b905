import { act, renderHook } from '@testing-library/react';
import { RecoilRoot, snapshot_UNSTABLE } from 'recoil';
import { describe, expect, it } from 'vitest';
import { employee, shift } from '@/test/fixtures';
import type { StoreDetail } from '@/modules/api/types';
import { usePublishedBadge } from '@/modules/employee-home/hooks/usePublishedBadge';
import { seenPublishedShiftsState } from '@/modules/employee-home/states/seenPublishedShiftsState';
import { useThemePreferences } from '@/modules/preferences/hooks/useThemePreferences';
import { themeNameState } from '@/modules/preferences/states/themeNameState';
import { shiftStore } from '@/modules/schedule/store/shiftStore';
import { storeDetailState } from '@/modules/stores/states/storeDetailState';
import { permissionsSelector } from '@/modules/stores/states/selectors/permissionsSelector';
import { chooseStore } from '@/modules/stores/utils/chooseStore';
import { STORAGE_KEYS } from '@/modules/preferences/utils/localStorageEffect';

function detail(over: Partial<StoreDetail>): StoreDetail {
  return {
    store: {} as StoreDetail['store'],
    roles: [],
    employee: employee({ id: 'me' }),
    permissions: [],
    isOwner: false,
    isManager: false,
    ...over,
  };
}

describe('atoms and selectors', () => {
  it('restores the theme from local storage and ignores unknown names', () => {
    localStorage.setItem(STORAGE_KEYS.themeName, JSON.stringify('purple'));
    expect(snapshot_UNSTABLE().getLoadable(themeNameState).getValue()).toBe('purple');
    localStorage.setItem(STORAGE_KEYS.themeName, JSON.stringify('neon'));
    expect(snapshot_UNSTABLE().getLoadable(themeNameState).getValue()).toBe('default');
  });

  it('saves a chosen theme and mode', () => {
    const { result } = renderHook(() => useThemePreferences(), { wrapper: RecoilRoot });
    act(() => result.current.setThemeName('cyan'));
    act(() => result.current.setThemeMode('dark'));
    expect(result.current.themeName).toBe('cyan');
    expect(localStorage.getItem(STORAGE_KEYS.themeName)).toBe('"cyan"');
    expect(localStorage.getItem(STORAGE_KEYS.themeType)).toBe('"dark"');
  });

  it('derives permissions from the loaded store', () => {
    const none = snapshot_UNSTABLE().getLoadable(permissionsSelector).getValue();
    expect(none).toEqual({ isOwner: false, isManager: false, names: [] });
    const snap = snapshot_UNSTABLE(({ set }) => set(storeDetailState, detail({ permissions: ['schedule'], isManager: true })));
    expect(snap.getLoadable(permissionsSelector).getValue()).toEqual({ isOwner: false, isManager: true, names: ['schedule'] });
  });

  it('counts new published shifts of the signed-in employee for the badge, live', () => {
    shiftStore.clear();
    shiftStore.upsert([
      shift({ id: 'a', assigned: 'me', status: 'published' }),
      shift({ id: 'b', assigned: 'me', status: 'published' }),
      shift({ id: 'c', assigned: 'someone', status: 'published' }),
    ]);
    shiftStore.flush();
    const { result } = renderHook(() => usePublishedBadge(), {
      wrapper: ({ children }) => (
        <RecoilRoot
          initializeState={({ set }) => {
            set(storeDetailState, detail({}));
            set(seenPublishedShiftsState, ['a']);
          }}
        >
          {children}
        </RecoilRoot>
      ),
    });
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
