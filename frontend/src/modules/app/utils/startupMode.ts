import type { ThemeMode } from '@/modules/ui/theme/tokens';

/**
 * Marks the page with the mode chosen on an earlier visit (kept as JSON under `key`), so the
 * startup frame (`styles/startup.css`) draws light or dark as the app will; with no choice, or
 * `system`, the stylesheet follows the system's.
 */
export function applyStartupMode(key: string, root: HTMLElement = document.documentElement): void {
  let mode: ThemeMode | null = null;
  try {
    const value: unknown = JSON.parse(localStorage.getItem(key) ?? 'null');
    if (value === 'light' || value === 'dark') mode = value;
  } catch {
    // Unreadable storage: the system's mode.
  }
  if (mode) root.dataset.startupMode = mode;
}
