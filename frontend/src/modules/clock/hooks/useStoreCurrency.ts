import { useClockBoard } from './useClockBoard';

/**
 * The store's currency (ISO 4217, from its clock settings), which wages, earnings and pay are
 * in; `null` until it is known.
 */
export function useStoreCurrency(): string | null {
  const { data } = useClockBoard();
  return data?.settings.currency ?? null;
}
