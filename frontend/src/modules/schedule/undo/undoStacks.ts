import type { UndoStep } from './undoStack';

type Listener = () => void;

/**
 * Every manager's undo steps per store, for the page's life: the stack is theirs on this
 * board, and a reload starts afresh (the board it described may have moved on since).
 */
export class UndoStacks {
  private readonly stacks = new Map<string, UndoStep[]>();
  private readonly listeners = new Set<Listener>();

  static key(userId: string, storeId: string): string {
    return `${userId}:${storeId}`;
  }

  get(key: string): readonly UndoStep[] {
    return this.stacks.get(key) ?? NONE;
  }

  set(key: string, steps: UndoStep[]): void {
    this.stacks.set(key, steps);
    for (const l of this.listeners) l();
  }

  update(key: string, change: (steps: readonly UndoStep[]) => UndoStep[]): void {
    this.set(key, change(this.get(key)));
  }

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
}

const NONE: readonly UndoStep[] = [];

export const undoStacks = new UndoStacks();
