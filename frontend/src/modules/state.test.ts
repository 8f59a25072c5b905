import { act, renderHook } from '@testing-library/react';
import { RecoilRoot, snapshot_UNSTABLE } from 'recoil';
import { describe, expect, it } from 'vitest';
import { employee, shift } from '@/test/fixtures';
import type { StoreDetail } from '@/modules/api/types';
import { newPublishedCountSelector } from '@/modules/employee-home/states/selectors/newPublishedCountSelector';
import { seenPublishedShiftsState } from '@/modules/employee-home/states/seenPublishedShiftsState';
import { useThemePreferences } from '@/modules/preferences/hooks/useThemePreferences';
import { themeNameState } from '@/modules/preferences/states/themeNameState';
import { shiftsState } from '@/modules/schedule/states/shiftsState';
import { shiftsInRangeSelector } from '@/modules/schedule/states/selectors/shiftsInRangeSelector';
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

  it('selects the shifts of a range', () => {
    const snap = snapshot_UNSTABLE(({ set }) =>
      set(shiftsState, {
        a: shift({ id: 'a', start: 10, end: 20 }),
        b: shift({ id: 'b', start: 30, end: 40 }),
      }),
    );
    expect(snap.getLoadable(shiftsInRangeSelector({ start: 25, end: 50 })).getValue().map((s) => s.id)).toEqual(['b']);
  });

  it('counts new published shifts of the signed-in employee for the badge', () => {
    const snap = snapshot_UNSTABLE(({ set }) => {
      set(storeDetailState, detail({}));
      set(shiftsState, {
        a: shift({ id: 'a', assigned: 'me', status: 'published' }),
        b: shift({ id: 'b', assigned: 'me', status: 'published' }),
        c: shift({ id: 'c', assigned: 'someone', status: 'published' }),
      });
      set(seenPublishedShiftsState, ['a']);
    });
    expect(snap.getLoadable(newPublishedCountSelector).getValue()).toBe(1);
  });

  it('restores the chosen store when still a member, else the first active one', () => {
    const m = (id: string, deactive = false) => ({ id, name: id, type: 'others' as const, logo: null, timezoneReference: 'UTC', isOwner: false, permissions: [], employeeId: 'e', deactive });
    expect(chooseStore([m('a'), m('b')], 'b')).toBe('b');
    expect(chooseStore([m('a'), m('b')], 'gone')).toBe('a');
    expect(chooseStore([m('a', true), m('b')], 'a')).toBe('b');
    expect(chooseStore([], 'a')).toBeNull();
  });
});
