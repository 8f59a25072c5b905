/**
 * Rubik, the spec's face, is drawn from the first paint only in a browser that already has it.
 * A first visit draws with the system's face and fetches Rubik once the first screen is up, so
 * a slow phone's first screen does not share its connection with 35 KB of font; the visit
 * keeps the system's face (a swap under the reader's eyes would move the text), and the next
 * one starts in Rubik (`font-display: optional` still falls back if the file is gone).
 */

import { whenIdle } from './whenIdle';

/** The face as the stylesheet names it, at a size to load it with. */
const FACE = '16px "Rubik Variable"';
/** How long after the page's load the font is fetched: the first screen's reads come first. */
const AFTER_LOAD_MS = 3000;

/** Marks the page to draw in Rubik when an earlier visit fetched it (kept under `key`). */
export function applyStartupFont(key: string, root: HTMLElement = document.documentElement): void {
  try {
    if (localStorage.getItem(key) === 'true') root.dataset.font = 'rubik';
  } catch {
    // Unreadable storage: the system's face.
  }
}

/** Fetches Rubik after the first screen, where this browser does not draw with it yet. */
export function fetchFontLater(key: string, root: HTMLElement = document.documentElement): void {
  if (root.dataset.font === 'rubik' || typeof document.fonts?.load !== 'function') return;
  const fetchFont = () => {
    document.fonts
      .load(FACE)
      .then((faces) => {
        if (faces.length > 0) localStorage.setItem(key, 'true');
      })
      // Offline or storage blocked: tried again on the next visit.
      .catch(() => undefined);
  };
  const later = () => window.setTimeout(() => whenIdle(fetchFont), AFTER_LOAD_MS);
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
}
