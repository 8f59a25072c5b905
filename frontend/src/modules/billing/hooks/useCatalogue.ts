import { useEffect, useState } from 'react';
import { useAtom } from 'jotai';
import { useApi } from '@/modules/auth/hooks/useApi';
import { catalogueState } from '../states/catalogueState';
import type { Catalogue } from '../types/billing';

/** The plans and their prices (`GET /products`), read once and kept for the app's life. */
export function useCatalogue() {
  const api = useApi();
  const [catalogue, setCatalogue] = useAtom(catalogueState);
  const [error, setError] = useState<unknown>(null);
  useEffect(() => {
    if (catalogue) return;
    let live = true;
    api.get<Catalogue>('/products').then(
      (loaded) => live && setCatalogue(loaded),
      (e: unknown) => live && setError(e),
    );
    return () => {
      live = false;
    };
  }, [api, catalogue, setCatalogue]);
  return { data: catalogue, error };
}
