import { useEffect, useState } from 'react';
import type { SignInMethods } from '@/modules/api/types';
import { useApi } from './useApi';

/** The ways of signing in the server offers besides the password; `null` until it answers. */
export function useSignInMethods(): SignInMethods | null {
  const api = useApi();
  const [methods, setMethods] = useState<SignInMethods | null>(null);
  useEffect(() => {
    let live = true;
    api.get<SignInMethods>('/auth/methods').then(
      (m) => live && setMethods(m),
      // Unanswered, the screen offers what needs no provider.
      () => live && setMethods({ emailCode: true, google: false }),
    );
    return () => {
      live = false;
    };
  }, [api]);
  return methods;
}
