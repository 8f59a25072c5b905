import { useEffect, useRef } from 'react';

/** Whether a key press belongs to a text field (its own undo wins there). */
function inTextField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/** Ctrl+Z (Cmd+Z on a Mac) runs `onUndo` while `enabled`, outside text fields. Shift+Z (redo) is left alone. */
export function useUndoShortcut(onUndo: () => void, enabled: boolean) {
  const latest = useRef(onUndo);
  latest.current = onUndo;
  useEffect(() => {
    if (!enabled) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key.toLowerCase() !== 'z' || !(e.ctrlKey || e.metaKey) || e.shiftKey || e.altKey) return;
      if (inTextField(e.target)) return;
      e.preventDefault();
      latest.current();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [enabled]);
}
