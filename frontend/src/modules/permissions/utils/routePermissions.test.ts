import { describe, expect, it } from 'vitest';
import { bottomEntries, moreEntries, SIDEBAR, visibleEntries } from './menu';
import { canAccess, homePath, homeState } from './routePermissions';

describe('route permission map', () => {
  it.each([
    ['/schedule', ['schedule'], true],
    ['/schedule', ['employee'], false],
    ['/team', ['employee'], true],
    ['/team', ['schedule'], false],
    ['/dashboard', ['schedule'], true],
    ['/dashboard', ['employee'], false],
    ['/business-info', ['schedule', 'employee'], false],
    ['/business-plan', ['schedule'], true],
    ['/business-plan', ['employee'], true],
    ['/business-plan', ['availabletime'], false],
    ['/business-plan', [], false],
    ['/home', [], true],
    ['/settings', [], true],
  ])('%s with %j: %s', (path, perms, allowed) => {
    expect(canAccess(path, perms, false)).toBe(allowed);
  });

  it('always lets the owner pass', () => {
    for (const path of ['/schedule', '/team', '/dashboard', '/business-info']) expect(canAccess(path, [], true)).toBe(true);
  });

  it('guards sub-paths like their parent', () => {
    expect(canAccess('/schedule/templates', [], false)).toBe(false);
    expect(canAccess('/schedules', [], false)).toBe(true);
  });
});

describe('home state', () => {
  it('is loading, signed out, manager (schedule first) or employee', () => {
    expect(homeState({ signedIn: undefined, permissions: undefined, isOwner: false })).toBe('loading');
    expect(homeState({ signedIn: false, permissions: undefined, isOwner: false })).toBe('signedOut');
    expect(homeState({ signedIn: true, permissions: undefined, isOwner: false })).toBe('loading');
    expect(homeState({ signedIn: true, permissions: ['schedule'], isOwner: false })).toBe('manager');
    expect(homeState({ signedIn: true, permissions: ['employee'], isOwner: false })).toBe('manager');
    expect(homeState({ signedIn: true, permissions: [], isOwner: false })).toBe('employee');
    expect(homeState({ signedIn: true, permissions: [], isOwner: true })).toBe('manager');
  });

  it('sends managers to the schedule, staff managers to the team, employees home', () => {
    expect(homePath('manager', ['schedule'], false)).toBe('/schedule');
    expect(homePath('manager', ['employee'], false)).toBe('/team');
    expect(homePath('employee', [], false)).toBe('/home');
    expect(homePath('signedOut', [], false)).toBe('/login');
  });
});

describe('menus', () => {
  const paths = (entries: { path: string }[]) => entries.map((e) => e.path);

  it('shows an employee only the open entries', () => {
    expect(paths(visibleEntries(SIDEBAR, [], false))).toEqual(['/home', '/calendar', '/clock', '/availability', '/more/shiftpoll', '/messages', '/notifications', '/help', '/support', '/settings']);
  });

  it('shows schedule managers the schedule, dashboard and plan but not the team or store settings', () => {
    expect(paths(visibleEntries(SIDEBAR, ['schedule'], false))).toEqual([
      '/home',
      '/dashboard',
      '/schedule',
      '/schedule/templates?tab=weekly',
      '/calendar',
      '/business-plan',
      '/clock',
      '/clock/now',
      '/clock/timesheets',
      '/reports',
      '/availability',
      '/more/manager/shift-pool',
      '/messages',
      '/notifications',
      '/help',
      '/support',
      '/settings',
    ]);
  });

  it('shows the owner everything but the employee pool, which the manager pool replaces', () => {
    expect(paths(visibleEntries(SIDEBAR, [], true, { booking: true }))).toEqual(paths(SIDEBAR).filter((p) => p !== '/more/shiftpoll'));
  });

  it('shows Booking and Reservations only while the store has booking on, to those who schedule', () => {
    const booking = (entries: { path: string }[]) => paths(entries).filter((p) => p === '/booking' || p === '/reservations');
    expect(booking(visibleEntries(SIDEBAR, ['schedule'], false))).toEqual([]);
    expect(booking(visibleEntries(SIDEBAR, ['schedule'], false, { booking: true }))).toEqual(['/booking', '/reservations']);
    expect(booking(visibleEntries(SIDEBAR, [], true, { booking: true }))).toEqual(['/booking', '/reservations']);
    expect(booking(visibleEntries(SIDEBAR, ['employee'], false, { booking: true }))).toEqual([]);
    expect(booking(visibleEntries(SIDEBAR, [], false, { booking: true }))).toEqual([]);
    expect(booking(moreEntries(['schedule'], false, { booking: true }))).toEqual(['/booking', '/reservations']);
    expect(booking(moreEntries(['schedule'], false, { booking: false }))).toEqual([]);
  });

  it('puts the plan beside the store settings for the owner and managers, never for employees', () => {
    const plan = (entries: { path: string }[]) => paths(entries).filter((p) => p.startsWith('/business-'));
    expect(plan(visibleEntries(SIDEBAR, [], true))).toEqual(['/business-info', '/business-plan']);
    expect(plan(visibleEntries(SIDEBAR, ['employee'], false))).toEqual(['/business-plan']);
    expect(plan(moreEntries(['employee'], false))).toEqual(['/business-plan']);
    expect(plan(visibleEntries(SIDEBAR, [], false))).toEqual([]);
    expect(plan(moreEntries([], false))).toEqual([]);
  });

  it('turns Calendar into Schedule and Home into Dashboard on the phone bar for schedule managers', () => {
    expect(paths(bottomEntries([], false))).toEqual(['/notifications', '/calendar', '/home']);
    expect(paths(bottomEntries(['employee'], false))).toEqual(['/notifications', '/team?tab=Employee', '/calendar', '/home']);
    expect(paths(bottomEntries(['schedule', 'employee'], false))).toEqual([
      '/notifications',
      '/team?tab=Employee',
      '/schedule',
      '/dashboard',
    ]);
  });

  it('puts the rest of the sidebar behind the phone bar’s More button', () => {
    expect(paths(moreEntries([], false))).toEqual(['/clock', '/availability', '/more/shiftpoll', '/messages', '/help', '/support', '/settings']);
    expect(paths(moreEntries(['schedule'], false))).toEqual([
      '/home',
      '/schedule/templates?tab=weekly',
      '/calendar',
      '/business-plan',
      '/clock',
      '/clock/now',
      '/clock/timesheets',
      '/reports',
      '/availability',
      '/more/manager/shift-pool',
      '/messages',
      '/help',
      '/support',
      '/settings',
    ]);
    const owner = [...paths(bottomEntries([], true)), ...paths(moreEntries([], true))];
    expect(owner.sort()).toEqual(paths(visibleEntries(SIDEBAR, [], true)).sort());
  });
});
