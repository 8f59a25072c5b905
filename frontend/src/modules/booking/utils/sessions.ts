import { dayKey } from '@/modules/schedule/utils/calendar';
import type { BookedPlace, BookedSession } from '@/modules/api/types';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The spec's default window of booked sessions: 30 days back to 30 days ahead. */
export const WINDOW_DAYS = 30;

/** The read's window around `now`: `from` and `to` in epoch ms. */
export function defaultWindow(now: number): { from: number; to: number } {
  return { from: now - WINDOW_DAYS * DAY_MS, to: now + WINDOW_DAYS * DAY_MS };
}

/** A session's status (`SessionView.status`): 1 confirmed, 2 dropped, 3 pending, 4 cancelled. */
export const SESSION_STATUS = { confirmed: 1, dropped: 2, pending: 3, cancelled: 4 } as const;
export type SessionStatusName = keyof typeof SESSION_STATUS;

/** A client's status (`PlaceView.status`): 1 confirmed, 2 pending, 3 and 4 cancelled, 5 moved. */
export const PLACE_STATUS = { confirmed: 1, pending: 2, cancelledByClient: 3, cancelledByManager: 4, rescheduledByManager: 5 } as const;

/** The name of a session's status number, for its catalogue key. */
export function sessionStatusName(status: number): SessionStatusName {
  const found = (Object.keys(SESSION_STATUS) as SessionStatusName[]).find((k) => SESSION_STATUS[k] === status);
  return found ?? 'pending';
}

/** Whether a client holds a place (confirmed, or pending and still held at `now`). */
export function holdsPlace(place: BookedPlace, now: number): boolean {
  if (place.status === PLACE_STATUS.confirmed) return true;
  return place.status === PLACE_STATUS.pending && (place.holdUntil ?? 0) > now;
}

/** Whether anyone holds a place in a session: only a session nobody holds may be deleted. */
export function hasClients(session: BookedSession, now: number): boolean {
  return session.bookedClients.some((p) => holdsPlace(p, now));
}

/** What the reservations list is narrowed to; `''` is any. */
export interface SessionFilter {
  event: string;
  status: string;
  employee: string;
}

export const NO_FILTER: SessionFilter = { event: '', status: '', employee: '' };

/** The sessions a filter lets through. */
export function filterSessions(sessions: BookedSession[], filter: SessionFilter): BookedSession[] {
  return sessions.filter(
    (s) =>
      (!filter.event || s.event === filter.event) &&
      (!filter.status || String(s.status) === filter.status) &&
      (!filter.employee || (filter.employee === 'none' ? !s.assigned : s.assigned === filter.employee)),
  );
}

/** Sessions by their day in the store's `zone`, days and sessions in time order. */
export function groupByDay(sessions: BookedSession[], zone: string): { day: string; sessions: BookedSession[] }[] {
  const days = new Map<string, BookedSession[]>();
  for (const s of [...sessions].sort((a, b) => a.start - b.start || a.id.localeCompare(b.id))) {
    const key = dayKey(s.start, zone);
    const list = days.get(key);
    if (list) list.push(s);
    else days.set(key, [s]);
  }
  return [...days].map(([day, list]) => ({ day, sessions: list }));
}

/** The list with `session` in place of its old self (or added, when it is new). */
export function replaceSession(sessions: BookedSession[], session: BookedSession): BookedSession[] {
  return sessions.some((s) => s.id === session.id) ? sessions.map((s) => (s.id === session.id ? session : s)) : [...sessions, session];
}

/** Booked sessions by the shift their work lies in (a board card's marker). */
export function sessionsByShift(sessions: BookedSession[]): Map<string, BookedSession[]> {
  const byShift = new Map<string, BookedSession[]>();
  for (const s of sessions) {
    if (!s.adjacentShift || s.status === SESSION_STATUS.cancelled) continue;
    const list = byShift.get(s.adjacentShift);
    if (list) list.push(s);
    else byShift.set(s.adjacentShift, [s]);
  }
  return byShift;
}

/** Clients who hold a place in `sessions` at `now`. */
export function clientCount(sessions: BookedSession[], now: number): number {
  return sessions.reduce((n, s) => n + s.bookedClients.filter((p) => holdsPlace(p, now)).length, 0);
}
