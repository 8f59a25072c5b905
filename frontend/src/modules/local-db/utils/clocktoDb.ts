import { openDB, type DBSchema, type IDBPDatabase } from 'idb';

/** A shift being edited, kept so a closed tab or a reload does not lose it. */
export interface SavedShiftDraft<D = unknown> {
  /** Whose draft of which shift in which store. */
  key: string;
  draft: D;
  /** The version of the shift the draft started from; null for a new shift. */
  baseVersion: number | null;
  savedAt: number;
}

interface ClocktoDb extends DBSchema {
  shiftDrafts: { key: string; value: SavedShiftDraft };
  preferences: { key: string; value: unknown };
}

/**
 * This browser's local database, `clockto-db`: version 1 kept shift drafts, version 2 added
 * the settings preferences. Blocked or missing storage (a private window) makes every call a
 * no-op, so the app works without it.
 */
const NAME = 'clockto-db';
const VERSION = 2;

let db: Promise<IDBPDatabase<ClocktoDb> | null> | null = null;

export function clocktoDb(): Promise<IDBPDatabase<ClocktoDb> | null> {
  db ??= (typeof indexedDB === 'undefined'
    ? Promise.resolve(null)
    : openDB<ClocktoDb>(NAME, VERSION, {
        upgrade(d, oldVersion) {
          if (oldVersion < 1) d.createObjectStore('shiftDrafts', { keyPath: 'key' });
          if (oldVersion < 2) d.createObjectStore('preferences');
        },
      })
  ).catch(() => null);
  return db;
}

export async function saveShiftDraft(entry: SavedShiftDraft): Promise<void> {
  await (await clocktoDb())?.put('shiftDrafts', entry).catch(() => undefined);
}

export async function loadShiftDraft(key: string): Promise<SavedShiftDraft | undefined> {
  return (await clocktoDb())?.get('shiftDrafts', key).catch(() => undefined);
}

export async function forgetShiftDraft(key: string): Promise<void> {
  await (await clocktoDb())?.delete('shiftDrafts', key).catch(() => undefined);
}

export async function loadPreference(key: string): Promise<unknown> {
  return (await clocktoDb())?.get('preferences', key).catch(() => undefined);
}

export async function savePreference(key: string, value: unknown): Promise<void> {
  await (await clocktoDb())?.put('preferences', value, key).catch(() => undefined);
}
