/** A permission a route or menu entry can ask for. */
export type Permission = 'schedule' | 'employee' | 'owner' | 'availabletime';

/** The spec's route permission map: any one listed permission opens the route. */
export const ROUTE_PERMISSIONS: Record<string, Permission[]> = {
  '/schedule': ['schedule'],
  '/team': ['employee'],
  '/dashboard': ['schedule'],
  '/business-info': ['owner'],
  '/business-plan': ['schedule', 'employee'],
  '/more/manager/shift-pool': ['schedule'],
  '/clock/now': ['schedule'],
  '/clock/timesheets': ['schedule'],
  '/reports': ['schedule'],
  '/newNotification': ['schedule', 'employee'],
  '/booking': ['schedule'],
  '/reservations': ['schedule'],
};

/**
 * Whether a user holding `permissions` may open `pathname`. Routes without a requirement are
 * open; the owner always passes. Sub-paths inherit their parent's requirement.
 */
export function canAccess(pathname: string, permissions: string[], isOwner: boolean): boolean {
  if (isOwner) return true;
  const route = Object.keys(ROUTE_PERMISSIONS).find(
    (r) => pathname === r || pathname.startsWith(`${r}/`),
  );
  if (!route) return true;
  return (ROUTE_PERMISSIONS[route] ?? []).some((p) => permissions.includes(p));
}

/** The home state of the spec; schedule takes priority over employee. */
export type HomeState = 'loading' | 'signedOut' | 'employee' | 'manager';

/** Which home a user gets, from what is known about them. */
export function homeState(input: {
  signedIn: boolean | undefined;
  permissions: string[] | undefined;
  isOwner: boolean;
}): HomeState {
  if (input.signedIn === undefined) return 'loading';
  if (!input.signedIn) return 'signedOut';
  if (input.permissions === undefined) return 'loading';
  if (input.isOwner || input.permissions.includes('schedule') || input.permissions.includes('employee')) {
    return 'manager';
  }
  return 'employee';
}

/** The default route of a home state. */
export function homePath(state: HomeState, permissions: string[], isOwner: boolean): string {
  if (state === 'signedOut') return '/login';
  if (state === 'manager') {
    return isOwner || permissions.includes('schedule') ? '/schedule' : '/team';
  }
  return '/home';
}
