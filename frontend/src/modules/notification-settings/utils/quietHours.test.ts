import { afterEach, describe, expect, it, vi } from 'vitest';
import { quietHoursDraft, quietHoursOf, quietHoursProblem, zoneChoices } from './quietHours';

/** Makes the browser's own zone `zone`, as `Intl` reports it. */
function browserZone(zone: string) {
  const real = Intl.DateTimeFormat.prototype.resolvedOptions;
  vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (this: Intl.DateTimeFormat) {
    return { ...real.call(this), timeZone: zone };
  });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the quiet hours form', () => {
  it('starts off, offering the night in the browser’s zone, when none are saved', () => {
    browserZone('America/Bogota');
    expect(quietHoursDraft(null)).toEqual({ on: false, from: '22:00', until: '07:00', timeZone: 'America/Bogota' });
    expect(quietHoursDraft(undefined).timeZone).toBe('America/Bogota');
  });

  it('starts on with the saved hours and their zone', () => {
    browserZone('America/Bogota');
    expect(quietHoursDraft({ from: '21:00', until: '06:30', timeZone: 'Asia/Tehran' })).toEqual({
      on: true,
      from: '21:00',
      until: '06:30',
      timeZone: 'Asia/Tehran',
    });
  });

  it('saves its hours while on and none while off', () => {
    const draft = { on: true, from: '22:00', until: '07:00', timeZone: 'Europe/Berlin' };
    expect(quietHoursOf(draft)).toEqual({ from: '22:00', until: '07:00', timeZone: 'Europe/Berlin' });
    expect(quietHoursOf({ ...draft, on: false })).toBeNull();
  });

  it('asks for both times, and for an end other than the start', () => {
    const draft = { on: true, from: '22:00', until: '07:00', timeZone: 'Europe/Berlin' };
    expect(quietHoursProblem(draft)).toBeNull();
    expect(quietHoursProblem({ ...draft, until: '' })).toBe('notificationSettings.quiet.timesRequired');
    expect(quietHoursProblem({ ...draft, until: '22:00' })).toBe('notificationSettings.quiet.sameTimes');
    expect(quietHoursProblem({ ...draft, on: false, until: '22:00' })).toBeNull();
  });

  it('offers the chosen zone first, then the browser’s, each once', () => {
    browserZone('America/Bogota');
    const zones = zoneChoices('Asia/Tehran');
    expect(zones.slice(0, 2)).toEqual(['Asia/Tehran', 'America/Bogota']);
    expect(zones.filter((z) => z === 'Asia/Tehran')).toHaveLength(1);
    expect(zones).toContain('Europe/Berlin');
  });
});
