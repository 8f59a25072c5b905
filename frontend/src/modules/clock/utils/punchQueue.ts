import { openDB, type IDBPDatabase } from 'idb';
import type { QueuedPunch } from './clock';

/** Punches recorded while offline, in this browser's IndexedDB (`clockto-punches`). */
const DB = 'clockto-punches';
const STORE = 'punches';

let db: Promise<IDBPDatabase> | null = null;

function open(): Promise<IDBPDatabase> {
  db ??= openDB(DB, 1, {
    upgrade(d) {
      d.createObjectStore(STORE, { keyPath: 'punchId' });
    },
  });
  return db;
}

/** Keeps a punch until it is sent. */
export async function queuePunch(p: QueuedPunch): Promise<void> {
  await (await open()).put(STORE, p);
}

/** The waiting punches, oldest first: the order they must reach the server in. */
export async function queuedPunches(): Promise<QueuedPunch[]> {
  const all = (await (await open()).getAll(STORE)) as QueuedPunch[];
  return all.sort((a, b) => a.punchedAt - b.punchedAt);
}

/** Forgets a punch the server answered. */
export async function forgetPunch(punchId: string): Promise<void> {
  await (await open()).delete(STORE, punchId);
}

/** Rewrites a waiting punch (its fields once the server named the work it belongs to). */
export async function updatePunch(p: QueuedPunch): Promise<void> {
  await (await open()).put(STORE, p);
}
