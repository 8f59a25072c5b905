import { describe, expect, it } from 'vitest';
import type { BookingEvent } from '@/modules/api/types';
import { emptyForm, eventInput, inputOfEvent, fieldOfServer, firstFailingStep, formOfEvent, repeatPattern, stepErrors, wallInstant, type EventForm } from './eventForm';

const BERLIN = 'Europe/Berlin';
// 2025-06-02 10:00 UTC, a Monday.
const NOW = Date.UTC(2025, 5, 2, 10, 0);

const filled = (over: Partial<EventForm> = {}): EventForm => ({
  ...emptyForm(NOW, BERLIN),
  title: 'Haircut',
  role: 'role-1',
  date: '2025-06-10',
  ...over,
});

describe('the event form', () => {
  it('starts on today in the store’s zone with the usual defaults', () => {
    const f = emptyForm(Date.UTC(2025, 5, 1, 22, 30), BERLIN);
    // 22:30 UTC is 00:30 the next day in Berlin.
    expect(f.date).toBe('2025-06-02');
    expect(f).toMatchObject({ duration: '30', capacity: '1', rooms: '1', opensDays: '30', repeat: 'none' });
  });

  it('asks for the title, the role and the duration with the spec’s texts', () => {
    const errors = stepErrors({ ...filled(), title: ' ', role: '', duration: '' });
    expect(errors.title).toBe('booking.validation.titleRequired');
    expect(errors.role).toBe('booking.validation.roleRequired');
    expect(errors.duration).toBe('booking.validation.durationRequired');
  });

  it('checks only the fields of the step asked for', () => {
    expect(stepErrors({ ...filled(), title: '', capacity: '0' }, 'time')).toEqual({});
    expect(Object.keys(stepErrors({ ...filled(), title: '', capacity: '0' }, 'details'))).toEqual(['title']);
    expect(Object.keys(stepErrors({ ...filled(), title: '', capacity: '0' }, 'confirm')).sort()).toEqual(['capacity', 'title']);
  });

  it('wants the start before the end and room for one session', () => {
    expect(stepErrors(filled({ start: '10:00', end: '10:00' }), 'time').end).toBe('booking.validation.startBeforeEnd');
    expect(stepErrors(filled({ start: '10:00', end: '09:00' }), 'time').end).toBe('booking.validation.startBeforeEnd');
    expect(stepErrors(filled({ start: '10:00', end: '10:30', duration: '45' }), 'time').end).toBe('booking.validation.windowTooShort');
    expect(stepErrors(filled({ duration: '20' }), 'time').duration).toBe('booking.validation.duration');
  });

  it('checks the repeat’s interval and its end', () => {
    expect(stepErrors(filled({ repeat: 'w', interval: '0' }), 'time').interval).toBe('booking.validation.interval');
    expect(stepErrors(filled({ repeat: 'w', interval: '100' }), 'time').interval).toBe('booking.validation.interval');
    expect(stepErrors(filled({ repeat: 'd', ends: 'until', until: '2025-06-01' }), 'time').until).toBe('booking.validation.untilAfterStart');
    expect(stepErrors(filled({ repeat: 'd', ends: 'count', count: '1001' }), 'time').count).toBe('booking.validation.count');
    // Without a repeat its fields are not looked at.
    expect(stepErrors(filled({ interval: 'x', ends: 'count', count: '' }), 'time')).toEqual({});
  });

  it('checks the options against the server’s limits', () => {
    const e = stepErrors(filled({ capacity: '501', rooms: '0', opensDays: '400', closesBefore: '200', closesUnit: 'hours' }), 'options');
    expect(e).toEqual({
      capacity: 'booking.validation.capacity',
      rooms: 'booking.validation.rooms',
      opensDays: 'booking.validation.opens',
      closesBefore: 'booking.validation.closes',
    });
    expect(stepErrors(filled({ opensDays: '1', closesBefore: '24', closesUnit: 'hours' }), 'options').closesBefore).toBe('booking.validation.closesBeforeOpens');
    expect(stepErrors(filled({ url: 'Bad Slug' }), 'details').url).toBe('booking.validation.url');
    expect(stepErrors(filled({ url: 'good-slug-1' }), 'details')).toEqual({});
  });

  it('names the first step that fails', () => {
    expect(firstFailingStep(filled())).toBeNull();
    expect(firstFailingStep(filled({ capacity: '0' }))).toBe('options');
    expect(firstFailingStep(filled({ capacity: '0', duration: '' }))).toBe('time');
  });
});

describe('the repeat pattern', () => {
  it('is absent for a single day', () => {
    expect(repeatPattern(filled())).toBeNull();
  });

  it('keeps weekdays for daily and weekly repeats only, sorted and once each', () => {
    expect(repeatPattern(filled({ repeat: 'w', interval: '2', weekdays: [5, 1, 1] }))).toEqual({ frequency: 'w', interval: 2, weekdays: [1, 5] });
    expect(repeatPattern(filled({ repeat: 'm', weekdays: [1] }))).toEqual({ frequency: 'm', interval: 1, weekdays: [] });
  });

  it('ends on a date or after a number of times', () => {
    expect(repeatPattern(filled({ repeat: 'd', ends: 'until', until: '2025-07-01', count: '5' }))).toEqual({ frequency: 'd', interval: 1, weekdays: [], until: '2025-07-01' });
    expect(repeatPattern(filled({ repeat: 'y', ends: 'count', count: '5', until: '2025-07-01' }))).toEqual({ frequency: 'y', interval: 1, weekdays: [], count: 5 });
  });
});

describe('the payload', () => {
  it('places the times in the store’s zone and sends minutes', () => {
    const input = eventInput(filled({ start: '09:00', end: '12:30', duration: '45', opensDays: '14', closesBefore: '2', closesUnit: 'hours', url: 'Cut-1' }), BERLIN);
    // Berlin is UTC+2 in June.
    expect(input.start).toBe(Date.UTC(2025, 5, 10, 7, 0));
    expect(input.end).toBe(Date.UTC(2025, 5, 10, 10, 30));
    expect(input).toMatchObject({
      title: 'Haircut',
      role: 'role-1',
      sessionDuration: 45,
      capacity: 1,
      maxRoomsPerSession: 1,
      reservationWindowStart: 14 * 1440,
      reservationWindowEnd: 120,
      allowEmployeeSelection: false,
      repeatPattern: null,
      url: 'cut-1',
    });
  });

  it('leaves the address out when none is typed', () => {
    expect('url' in eventInput(filled(), BERLIN)).toBe(false);
  });

  it('reads an event back into the same form', () => {
    const form = filled({ repeat: 'w', weekdays: [1, 3], ends: 'count', count: '8', closesBefore: '30', closesUnit: 'minutes', allowEmployeeSelection: true, url: 'cut' });
    const input = eventInput(form, BERLIN);
    const event: BookingEvent = {
      ...input,
      id: 'e1',
      role: input.role,
      repeatPattern: input.repeatPattern ?? null,
      capacity: input.capacity ?? 1,
      maxRoomsPerSession: input.maxRoomsPerSession ?? 1,
      reservationWindowStart: input.reservationWindowStart ?? 43200,
      reservationWindowEnd: input.reservationWindowEnd ?? 0,
      allowEmployeeSelection: true,
      isActive: false,
      url: 'cut',
      created: NOW,
    };
    expect(formOfEvent(event, BERLIN)).toEqual(form);
    // Enabling sends the event's own fields back, whatever the form would round.
    expect(inputOfEvent({ ...event, reservationWindowStart: 100 })).toMatchObject({ ...input, reservationWindowStart: 100, url: 'cut' });
  });

  it('finds a wall time a zone skips at its own rule', () => {
    // 2025-03-30 02:30 does not exist in Berlin; the zone moves it forward.
    const at = wallInstant('2025-03-30', '02:30', BERLIN);
    expect(at).not.toBeNull();
    expect(wallInstant('2025-03-29', '02:30', BERLIN)).toBe(Date.UTC(2025, 2, 29, 1, 30));
  });

  it('maps the server’s field names to the form’s', () => {
    expect(fieldOfServer('sessionDuration')).toBe('duration');
    expect(fieldOfServer('maxRoomsPerSession')).toBe('rooms');
    expect(fieldOfServer('reservationWindowEnd')).toBe('closesBefore');
    expect(fieldOfServer('nope')).toBeNull();
  });
});
