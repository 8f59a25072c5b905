import { describe, expect, it } from 'vitest';
import type { AvailabilityWindow, ShiftRequest } from '@/modules/api/types';
import { localInstant, pendingRequests, requestDates, sortWindows, timeOffPayload, windowDays } from './timeOff';

const form = {
  from: '2027-03-27',
  to: '2027-03-29',
  entireDay: true,
  startTime: '09:00',
  endTime: '17:00',
  description: '  Family  ',
};

describe('time-off payloads', () => {
  it('reads local dates and times in the store zone, across a clock change', () => {
    // Berlin moves to summer time on 28 March 2027.
    expect(localInstant('2027-03-27', '00:00', 'Europe/Berlin')).toBe(Date.UTC(2027, 2, 26, 23));
    expect(localInstant('2027-03-29', '00:00', 'Europe/Berlin')).toBe(Date.UTC(2027, 2, 28, 22));
  });

  it('sends whole days as first and last day, and trims the description', () => {
    expect(timeOffPayload(form, 'Europe/Berlin')).toEqual({
      start: Date.UTC(2027, 2, 26, 23),
      end: Date.UTC(2027, 2, 28, 22),
      entireDay: true,
      description: 'Family',
    });
  });

  it('sends part days with their times, and refuses spans that end first', () => {
    const part = timeOffPayload({ ...form, entireDay: false, to: '2027-03-27', description: '' }, 'UTC');
    expect(part).toEqual({ start: Date.UTC(2027, 2, 27, 9), end: Date.UTC(2027, 2, 27, 17), entireDay: false, description: undefined });
    expect(timeOffPayload({ ...form, entireDay: false, to: '2027-03-27', endTime: '09:00' }, 'UTC')).toBeNull();
    expect(timeOffPayload({ ...form, to: '2027-03-26' }, 'UTC')).toBeNull();
    expect(timeOffPayload({ ...form, from: '' }, 'UTC')).toBeNull();
  });
});

describe('request lists', () => {
  const request = (id: string, status: ShiftRequest['status'], timestamp: number, coveringDates: string[] = []): ShiftRequest => ({
    id,
    storeId: 's',
    type: 'timeoff',
    user: null,
    employeeId: 'e',
    employeeName: 'Ana',
    status,
    start: null,
    end: null,
    entireDay: true,
    description: null,
    response: null,
    responseBy: null,
    coveringDates,
    shift: null,
    grabbedBy: null,
    timestamp,
    modified: timestamp,
  });

  it('shows covering dates first to last, in the reader’s language', () => {
    const three = request('a', 'pending', 1, ['2027-03-29', '2027-03-27', '2027-03-28']);
    // Intl puts thin spaces around the dash.
    const spaced = (text: string) => text.replace(/\s/gu, ' ');
    expect(spaced(requestDates(three, 'en'))).toBe('Mar 27 – 29, 2027');
    expect(spaced(requestDates(three, 'de'))).toMatch(/^27\.\s?–\s?29\. März 2027$/);
    expect(requestDates(request('a', 'pending', 1, ['2027-03-27']), 'en')).toBe('Mar 27, 2027');
    // Persian in its own digits and calendar.
    expect(requestDates(request('a', 'pending', 1, ['2027-03-27']), 'fa')).toMatch(/[۰-۹]/);
    expect(requestDates(request('a', 'pending', 1, []), 'en')).toBe('');
  });

  it('keeps the pending ones, oldest first', () => {
    const list = [request('b', 'pending', 2), request('a', 'pending', 1), request('c', 'accepted', 0)];
    expect(pendingRequests(list).map((r) => r.id)).toEqual(['a', 'b']);
  });

  it('orders windows Sunday first, as the board’s weeks', () => {
    const w = (id: string, days: number[], start: string): AvailabilityWindow => ({
      id, storeId: 's', employeeId: 'e', userId: null, days, start, end: '17:00', allDay: false, reason: null, type: null, status: null, timestamp: 0, modified: 0,
    });
    expect(sortWindows([w('mon-late', [1], '12:00'), w('mon', [1, 3], '08:00'), w('sun', [0], '08:00')]).map((x) => x.id)).toEqual(['sun', 'mon', 'mon-late']);
    // A store whose weeks start on Monday, as its board's do: Sunday comes last.
    expect(sortWindows([w('mon-late', [1], '12:00'), w('mon', [1, 3], '08:00'), w('sun', [0], '08:00')], 1).map((x) => x.id)).toEqual(['mon', 'mon-late', 'sun']);
    expect(windowDays(w('x', [0, 3, 1], '08:00'), 1)).toEqual([1, 3, 0]);
    expect(windowDays(w('x', [0, 3, 1], '08:00'), 0)).toEqual([0, 1, 3]);
  });
});
