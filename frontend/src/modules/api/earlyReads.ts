import type { StoreDetail } from './types';

/**
 * Reads the app will need as it starts, asked for before React has rendered anything: the
 * signed-in user and, when the last visit chose one, the store and its employees, and once the
 * store has answered, the first screen's own reads (its shifts, which depend on the store's
 * time zone). On a phone each of them would otherwise wait for the scripts to run and for the
 * read before it, one round trip after another. The first `GET` of the same path with the same token takes the
 * answer; one not taken within a short while is dropped, so nothing stale is ever served.
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

/** Reads the value the app keeps under `key` in localStorage (JSON), if it is a string. */
function storedString(key: string): string | null {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(key) ?? 'null');
    return typeof value === 'string' && value !== '' ? value : null;
  } catch {
    return null;
  }
}

/** The reads a screen makes as it opens, once its store's detail is known (paths under the base). */
export type StoreReads = (detail: StoreDetail) => string[];

/**
 * The reads a signed-in start makes first, from what the app keeps in localStorage (the
 * token, the store of the last visit); `storeReads` adds the first screen's, as soon as the
 * store's detail arrives.
 */
export function startSignedInReads(
  base: string,
  keys: { token: string; currentStore: string },
  storeReads?: StoreReads,
  fetcher?: typeof fetch,
): void {
  const token = storedString(keys.token);
  if (!token) return;
  const store = storedString(keys.currentStore);
  const paths = ['/me'];
  const storePath = store ? `/stores/${encodeURIComponent(store)}` : null;
  if (storePath) paths.push(storePath, `${storePath}/employees`);
  startEarlyReads(base, token, paths, fetcher);
  const detail = storePath ? started.get(`${base}${storePath}`) : undefined;
  if (!detail || !storeReads) return;
  detail.response
    // A copy of the answer is read here; the app reads the answer itself when it takes it.
    .then((response) => (response.ok ? (response.clone().json() as Promise<{ data?: StoreDetail }>) : null))
    .then((body) => {
      if (body?.data) startEarlyReads(base, token, storeReads(body.data), fetcher);
    })
    .catch(() => undefined);
}
