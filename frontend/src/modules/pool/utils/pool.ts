import type { PoolEntry } from '@/modules/api/types';

/** What the viewer can do with a pool entry. */
export type PoolAction =
  /** Take an open shift: it is theirs at once. */
  | 'take'
  /** Ask for a colleague's dropped shift. */
  | 'grab'
  /** Their own drop, waiting for a colleague. */
  | 'own'
  /** Their grab, waiting for a manager. */
  | 'waiting'
  /** A grab for a manager to approve or reject. */
  | 'answer'
  /** Nothing to do (a manager looking at open shifts or pending drops). */
  | 'none';

/** Decides the action of `entry` for the employee record `me`. */
export function poolAction(entry: PoolEntry, me: string, manager: boolean): PoolAction {
  const { request } = entry;
  if (!request) return manager ? 'none' : 'take';
  if (request.status === 'grabbed') {
    if (manager) return 'answer';
    return request.grabbedBy === me ? 'waiting' : 'none';
  }
  if (request.employeeId === me) return 'own';
  return manager ? 'none' : 'grab';
}

/** Entries by start, grabs waiting for an answer first for managers. */
export function sortPool(entries: PoolEntry[], manager: boolean): PoolEntry[] {
  const rank = (e: PoolEntry) => (manager && e.request?.status === 'grabbed' ? 0 : 1);
  return [...entries].sort((a, b) => rank(a) - rank(b) || a.shift.start - b.shift.start || a.shift.id.localeCompare(b.shift.id));
}
