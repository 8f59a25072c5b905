import type { Membership } from '@/modules/api/types';

/**
 * The store to open: the saved choice when the user still belongs to it, otherwise the first
 * active membership, otherwise none.
 */
export function chooseStore(memberships: Membership[], saved: string | null): string | null {
  const active = memberships.filter((m) => !m.deactive);
  if (saved && active.some((m) => m.id === saved)) return saved;
  return active[0]?.id ?? null;
}
