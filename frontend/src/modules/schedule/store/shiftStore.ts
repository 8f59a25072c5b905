import type { Shift } from '@/modules/api/types';
import { cover, gaps, type Span } from './coverage';

/** The ids a batch of changes touched, with the versions of the shifts before it. */
export interface ChangeSet {
  /** Ids whose shift was added, replaced or removed. */
  ids: ReadonlySet<string>;
  /** The shifts as they were before the batch (absent: they were not held). */
  before: ReadonlyMap<string, Shift>;
}

type Listener = (changes: ChangeSet) => void;

/**
 * The loaded shifts of the current store, by id, updated in place. Changes made in one turn
 * of the event loop (a read answer, a burst of live changes) reach listeners as one change set,
 * so views regroup once per batch and only around the ids it names. A shift is replaced only
 * by a newer version: an equal one keeps its object, so nothing drawn from it renders again.
 */
export class ShiftStore {
  private readonly byId = new Map<string, Shift>();
  private readonly listeners = new Set<Listener>();
  private pending: { ids: Set<string>; before: Map<string, Shift> } | null = null;
  private revision = 0;
  /** The spans read so far, per store and scope. */
  private readonly read = new Map<string, Span[]>();

  /** A number that changes with every batch: a snapshot key for `useSyncExternalStore`. */
  get version(): number {
    return this.revision;
  }

  get(id: string): Shift | undefined {
    return this.byId.get(id);
  }

  values(): IterableIterator<Shift> {
    return this.byId.values();
  }

  get size(): number {
    return this.byId.size;
  }

  /** Puts shifts in the store unless it holds the same or a newer version of them. */
  upsert(shifts: Iterable<Shift>): void {
    for (const shift of shifts) {
      const current = this.byId.get(shift.id);
      if (current && current.version >= shift.version) continue;
      this.touch(shift.id, current);
      this.byId.set(shift.id, shift);
    }
  }

  remove(ids: Iterable<string>): void {
    for (const id of ids) {
      const current = this.byId.get(id);
      if (!current) continue;
      this.touch(id, current);
      this.byId.delete(id);
    }
  }

  /** Drops every shift, and what was read (sign-out, store switch, a resync that cannot replay). */
  clear(): void {
    this.read.clear();
    this.remove([...this.byId.keys()]);
  }

  /** The parts of `[start, end]` not read yet under `key` (nor under any of `wider`). */
  unread(key: string, start: number, end: number, wider: readonly string[] = []): Span[] {
    const spans = [key, ...wider].flatMap((k) => this.read.get(k) ?? []);
    return gaps(spans, start, end);
  }

  /** Notes that `[start, end]` was read under `key`: live changes keep it current from now on. */
  markRead(key: string, start: number, end: number): void {
    this.read.set(key, cover(this.read.get(key) ?? [], start, end));
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Delivers the pending batch now rather than at the end of the turn (tests, before a read). */
  flush(): void {
    const batch = this.pending;
    if (!batch) return;
    this.pending = null;
    this.revision += 1;
    for (const listener of [...this.listeners]) listener(batch);
  }

  private touch(id: string, before: Shift | undefined): void {
    if (!this.pending) {
      this.pending = { ids: new Set(), before: new Map() };
      queueMicrotask(() => this.flush());
    }
    if (!this.pending.ids.has(id)) {
      this.pending.ids.add(id);
      if (before) this.pending.before.set(id, before);
    }
  }
}

/** Shifts overlapping `[start, end]`, by start time. */
export function shiftsBetween(shifts: Iterable<Shift>, start: number, end: number): Shift[] {
  const found: Shift[] = [];
  for (const s of shifts) if (s.start <= end && s.end >= start) found.push(s);
  return found.sort((a, b) => a.start - b.start || a.id.localeCompare(b.id));
}

/** The app's shift store: one per page, like the socket it is fed from. */
export const shiftStore = new ShiftStore();
