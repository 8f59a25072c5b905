/**
 * The walkthrough tours: the dashboard's three steps (roles, active employees, today's shifts)
 * and the main tour of the menu, shown on every other screen.
 */

export const TOURS = ['dashboard', 'main'] as const;
export type TourName = (typeof TOURS)[number];

/** A step: the element it points at and the catalogue keys of its title and text. */
export interface TourStep {
  target: string;
  title: string;
  content: string;
  /** Where the tip sits; by default wherever it fits best. */
  placement?: 'top' | 'bottom' | 'left' | 'right';
}

/** The attribute tours point at, so a restyle never breaks a tour. */
export const tourTarget = (name: string) => `[data-tour="${name}"]`;

export const DASHBOARD_STEPS: TourStep[] = [
  { target: tourTarget('roles'), title: 'tour.dashboard.roles.title', content: 'tour.dashboard.roles.content' },
  { target: tourTarget('active-employees'), title: 'tour.dashboard.employees.title', content: 'tour.dashboard.employees.content' },
  { target: tourTarget('todays-shifts'), title: 'tour.dashboard.shifts.title', content: 'tour.dashboard.shifts.content' },
];

/**
 * The menu's steps: the navigation (the sidebar, or the bottom bar on a phone), the store, the
 * live connection. The sidebar can be taller than the screen, so its tip sits beside it, on the
 * side of the page (the right, or the left in right to left).
 */
export function mainSteps(phone: boolean, rtl = false): TourStep[] {
  return [
    {
      target: tourTarget(phone ? 'bottom-nav' : 'sidebar'),
      title: 'tour.main.menu.title',
      content: phone ? 'tour.main.menu.phone' : 'tour.main.menu.content',
      placement: phone ? 'top' : rtl ? 'left' : 'right',
    },
    { target: tourTarget('store'), title: 'tour.main.store.title', content: 'tour.main.store.content' },
    { target: tourTarget('connection'), title: 'tour.main.connection.title', content: 'tour.main.connection.content' },
  ];
}

/** Which tour a path shows: the dashboard's on the dashboard, the main tour elsewhere. */
export function tourFor(path: string): TourName {
  return path === '/dashboard' ? 'dashboard' : 'main';
}
