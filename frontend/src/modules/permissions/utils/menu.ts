import { canAccess } from './routePermissions';

/** A navigation entry: its path, catalogue key and icon. */
export interface MenuEntry {
  path: string;
  labelKey: string;
  icon: string;
}

/**
 * The sidebar, in the spec's order, limited to the screens this app serves. An entry shows
 * when its route opens to the user (the route permission map decides, so no entry leads to a
 * refusal).
 */
export const SIDEBAR: MenuEntry[] = [
  { path: '/home', labelKey: 'nav.home', icon: '⌂' },
  { path: '/dashboard', labelKey: 'nav.dashboard', icon: '▦' },
  { path: '/schedule', labelKey: 'nav.schedule', icon: '▤' },
  { path: '/team?tab=Employee', labelKey: 'nav.employees', icon: '☺' },
  { path: '/team?tab=Role', labelKey: 'nav.roles', icon: '◆' },
  { path: '/business-info', labelKey: 'nav.storeSettings', icon: '⚙' },
  { path: '/settings', labelKey: 'nav.settings', icon: '✎' },
];

/** The entries a user sees. */
export function visibleEntries(
  entries: MenuEntry[],
  permissions: string[],
  isOwner: boolean,
): MenuEntry[] {
  return entries.filter((e) => canAccess(e.path.split('?')[0] ?? e.path, permissions, isOwner));
}

/**
 * The phone's bottom navigation: Employees for staff managers, then Schedule for schedule
 * managers, then Home (Dashboard for schedule managers), then Settings.
 */
export function bottomEntries(permissions: string[], isOwner: boolean): MenuEntry[] {
  const can = (p: string) => isOwner || permissions.includes(p);
  const entries: MenuEntry[] = [];
  if (can('employee')) {
    entries.push({ path: '/team?tab=Employee', labelKey: 'nav.employees', icon: '☺' });
  }
  if (can('schedule')) {
    entries.push({ path: '/schedule', labelKey: 'nav.schedule', icon: '▤' });
    entries.push({ path: '/dashboard', labelKey: 'nav.dashboard', icon: '▦' });
  } else {
    entries.push({ path: '/home', labelKey: 'nav.home', icon: '⌂' });
  }
  entries.push({ path: '/settings', labelKey: 'nav.settings', icon: '✎' });
  return entries;
}
