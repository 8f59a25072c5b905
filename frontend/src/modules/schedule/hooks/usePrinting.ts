import { useSyncExternalStore } from 'react';

/** Set between `beforeprint` and `afterprint` (the browser's print, or Ctrl/Cmd+P). */
let printing = false;

function printMedia(): MediaQueryList | null {
  return typeof window.matchMedia === 'function' ? window.matchMedia('print') : null;
}

function subscribe(onChange: () => void): () => void {
  const before = () => {
    printing = true;
    onChange();
  };
  const after = () => {
    printing = false;
    onChange();
  };
  const media = printMedia();
  window.addEventListener('beforeprint', before);
  window.addEventListener('afterprint', after);
  media?.addEventListener('change', onChange);
  return () => {
    window.removeEventListener('beforeprint', before);
    window.removeEventListener('afterprint', after);
    media?.removeEventListener('change', onChange);
  };
}

function snapshot(): boolean {
  return printing || (printMedia()?.matches ?? false);
}

/**
 * Whether the page is being printed: the printed sheet is drawn only then, so a large board
 * does not carry a second, full copy of its week while it is edited.
 */
export function usePrinting(): boolean {
  return useSyncExternalStore(subscribe, snapshot, () => false);
}
