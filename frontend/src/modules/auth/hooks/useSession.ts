import { startTransition, useCallback } from 'react';
import { useAtomValue, useSetAtom, useStore } from 'jotai';
import { RESET } from 'jotai/utils';
import type { Me, Session, SignupInput } from '@/modules/api/types';
import { STORAGE_KEYS } from '@/modules/preferences/utils/storageKeys';
import { seenPublishedShiftsState } from '@/modules/employee-home/states/seenPublishedShiftsState';
import { dropPushSubscription } from '@/modules/push/utils/webPush';
import { shiftErrorsState } from '@/modules/schedule/states/shiftErrorsState';
import { shiftStore } from '@/modules/schedule/store/shiftStore';
import { currentStoreIdState } from '@/modules/stores/states/currentStoreIdState';
import { employeesState } from '@/modules/stores/states/employeesState';
import { storeDetailState } from '@/modules/stores/states/storeDetailState';
import { meState } from '../states/meState';
import { tokenState } from '../states/tokenState';
import { useApi } from './useApi';

/** How long signing out waits for the server to end the session before forgetting it anyway. */
const LOGOUT_WAIT_MS = 3000;

/** Keys cleared at sign-out: everything but the look of the app. */
const SESSION_KEYS = [
  STORAGE_KEYS.token,
  STORAGE_KEYS.currentStore,
  STORAGE_KEYS.storeCalendar,
  STORAGE_KEYS.openStoreChooser,
  STORAGE_KEYS.seenPublishedShifts,
];

/** Sign-in, sign-up, sign-out (here or everywhere) and reloading the signed-in user. */
export function useSession() {
  const api = useApi();
  const state = useStore();
  const token = useAtomValue(tokenState);
  const setMe = useSetAtom(meState);

  /** Reloads `/me`; signs out when the token is no longer valid. */
  const refreshMe = useCallback(async (): Promise<Me | null> => {
    if (!token) {
      setMe(null);
      return null;
    }
    const me = await api.get<Me>('/me');
    // Drawn as a transition, as every arrival of the signed-in frame's data: on a phone the
    // frame that follows renders in slices between which the browser paints and takes input.
    startTransition(() => setMe(me));
    return me;
  }, [api, token, setMe]);

  const start = useCallback(
    (session: Session) => {
      state.set(tokenState, session.token);
      // Loading until `/me` brings the user's stores, so no screen decides on a partial user.
      state.set(meState, undefined);
    },
    [state],
  );

  const signIn = useCallback(
    async (email: string, password: string) => {
      const session = await api.call('login', { email, password });
      start(session);
      return session;
    },
    [api, start],
  );

  /** Signs in with a code `sendSignInCode` mailed to `email`. */
  const signInWithCode = useCallback(
    async (email: string, code: string) => {
      const session = await api.call('signInWithCode', { email, code });
      start(session);
      return session;
    },
    [api, start],
  );

  const signUp = useCallback(
    async (input: SignupInput) => {
      const session = await api.call('signup', input);
      start(session);
      return session;
    },
    [api, start],
  );

  /** Forgets the session in this browser. */
  const forget = useCallback(() => {
    for (const key of SESSION_KEYS) localStorage.removeItem(key);
    // Nothing of this user's session may show to the next one, pushed notifications included.
    void dropPushSubscription();
    state.set(currentStoreIdState, RESET);
    state.set(storeDetailState, null);
    state.set(employeesState, []);
    shiftStore.clear();
    state.set(shiftErrorsState, {});
    state.set(seenPublishedShiftsState, RESET);
    state.set(tokenState, RESET);
    state.set(meState, null);
  }, [state]);

  /**
   * Signs out: the server ends the session first, so the token is worthless wherever it may
   * have been copied; then this browser forgets it, even if the server could not be reached.
   */
  const signOut = useCallback(async () => {
    if (token) {
      const wait = new Promise<void>((resolve) => setTimeout(resolve, LOGOUT_WAIT_MS));
      await Promise.race([api.call('logout', {}).catch(() => undefined), wait]);
    }
    forget();
  }, [api, token, forget]);

  /** Ends every session of the user, this one included, then forgets it here. */
  const signOutEverywhere = useCallback(async () => {
    await api.call('logoutEverywhere', {});
    forget();
  }, [api, forget]);

  return { token, refreshMe, signIn, signInWithCode, start, signUp, signOut, signOutEverywhere, forget };
}
