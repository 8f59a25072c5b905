import { readStored, writeStored } from '@/modules/preferences/utils/storage';
import type { Store, StoreDetail } from './types';

/**
 * Reads the app will need as it starts, asked for before React has rendered anything: the
 * signed-in user and, when the last visit chose one, the store and its employees, and the
 * first screen's own reads (its shifts, whose range depends on the store's time zone and
 * first day of the week: taken from the last visit where it kept them, else from the store's
 * answer). On a phone each of them would otherwise wait for the scripts to run and for the
 * read before it, one round trip after another. The first `GET` of the same path with the
 * same token takes the answer; one not taken within a short while is dropped, so nothing
 * stale is ever served.
 */

/** How long an early answer waits to be taken before it is forgotten. */
const KEEP_MS = 15_000;

type Early = { token: string; response: Promise<Response>; at: number };

const started = new Map<string, Early>();

/** Starts the reads of `paths` (under `base`) as `token`. */
export function startEarlyReads(base: string, token: string, paths: string[], fetcher: typeof fetch = (...a) => fetch(...a)): void {
  const at = Date.now();
  for (const path of paths) {
    const response = fetcher(`${base}${path}`, { headers: { accept: 'application/json', authorization: `Bearer ${token}` } });
    // An early read that fails is read again by the app; its failure is not reported here.
    response.catch(() => undefined);
    started.set(`${base}${path}`, { token, response, at });
  }
}

/** The early answer of `url` for `token`, once; nothing when there is none or it is too old. */
export function takeEarlyRead(url: string, token: string | null): Promise<Response> | undefined {
  const early = started.get(url);
  if (!early) return undefined;
  started.delete(url);
  if (early.token !== token || Date.now() - early.at > KEEP_MS) return undefined;
  return early.response;
}

const isNonEmptyString = (value: unknown): value is string => typeof value === 'string' && value !== '';

/** What a screen's first reads depend on of its store. */
export type StoreCalendar = Pick<Store, 'id' | 'timezoneReference' | 'weekStart'>;

const isCalendar = (value: unknown): value is StoreCalendar => {
  const v = value as Partial<StoreCalendar> | null;
  return typeof v?.id === 'string' && typeof v.timezoneReference === 'string' && typeof v.weekStart === 'number';
};

const sameCalendar = (a: StoreCalendar, b: StoreCalendar) =>
  a.id === b.id && a.timezoneReference === b.timezoneReference && a.weekStart === b.weekStart;

/** The reads a screen makes as it opens, from its store's calendar (paths under the base). */
export type StoreReads = (store: StoreCalendar) => string[];

/**
 * The reads a signed-in start makes first, from what the app keeps in localStorage (the
 * token, the store of the last visit and its calendar). `storeReads` adds the first screen's:
 * in the next task with the calendar the last visit kept for this store, unless the store has
 * answered by then; else (or when the store's answer shows the calendar changed since) as soon
 * as the store's detail arrives, whose calendar is kept for the next start.
 */
export function startSignedInReads(
  base: string,
  keys: { token: string; currentStore: string; storeCalendar: string },
  storeReads?: StoreReads,
  fetcher?: typeof fetch,
): void {
  const token = readStored(keys.token, null, isNonEmptyString);
  if (!token) return;
  const store = readStored(keys.currentStore, null, isNonEmptyString);
  const paths = ['/me'];
  const storePath = store ? `/stores/${encodeURIComponent(store)}` : null;
  if (storePath) paths.push(storePath, `${storePath}/employees`);
  startEarlyReads(base, token, paths, fetcher);
  const detail = storePath ? started.get(`${base}${storePath}`) : undefined;
  if (!detail) return;
  const remembered = readStored(keys.storeCalendar, null, isCalendar);
  const guessed = remembered?.id === store ? remembered : null;
  // A guess not yet sent when the store answers is dropped: the answer's calendar is sure.
  let guessSent = false;
  let answered = false;
  // In a task of its own: the screen's reads take the store's time zone, and a first time
  // zone costs a phone tens of milliseconds (the browser loads its zone data), which would
  // otherwise hold the page with this script's own work in one long task.
  if (guessed && storeReads)
    setTimeout(() => {
      if (answered) return;
      guessSent = true;
      startEarlyReads(base, token, storeReads(guessed), fetcher);
    }, 0);
  detail.response
    // A copy of the answer is read here; the app reads the answer itself when it takes it.
    .then((response) => (response.ok ? (response.clone().json() as Promise<{ data?: StoreDetail }>) : null))
    .then((body) => {
      if (!body?.data) return;
      answered = true;
      const { id, timezoneReference, weekStart } = body.data.store;
      const calendar = { id, timezoneReference, weekStart };
      const keptRight = guessed !== null && sameCalendar(guessed, calendar);
      // Where storage is full or blocked, the next start waits for the store's answer again.
      if (!keptRight) writeStored(keys.storeCalendar, calendar);
      // A guess that missed is never taken: the app's own reads name other ranges.
      if (storeReads && !(keptRight && guessSent)) startEarlyReads(base, token, storeReads(calendar), fetcher);
    })
    .catch(() => undefined);
}
