import type { Role, Shift } from '@/modules/api/types';

/** How many of `shifts` each role has, in the store's role order; shifts without a known role last. */
export function roleCounts(shifts: readonly Shift[], roles: readonly Role[]): { role: Role | null; count: number }[] {
  const counts = new Map<string, number>();
  for (const s of shifts) counts.set(s.role ?? '', (counts.get(s.role ?? '') ?? 0) + 1);
  const known = roles.filter((r) => counts.has(r.id)).map((role) => ({ role, count: counts.get(role.id)! }));
  const rest = [...counts].filter(([id]) => !roles.some((r) => r.id === id)).reduce((sum, [, n]) => sum + n, 0);
  return rest > 0 ? [...known, { role: null, count: rest }] : known;
}
