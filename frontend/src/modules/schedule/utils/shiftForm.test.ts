import { describe, expect, it } from 'vitest';
import { shift } from '@/test/fixtures';
import { atClock, clockTime, dayKey, viewRange } from './calendar';
import { changedFields, rebaseDraft, creationErrorKey, draftErrors, draftOfShift, instantsOf, movedShift, repeatStarts } from './shiftForm';

const zone = 'Europe/Berlin';
const monday = viewRange('day', Date.UTC(2026, 10, 16, 12), zone).start;
const tuesday = viewRange('day', Date.UTC(2026, 10, 17, 12), zone).start;

describe('shift drafts', () => {
  it('turns an end before the start into an overnight shift', () => {
    const { start, end } = instantsOf({ title: 'Night', role: 'r', assigned: '', day: monday, start: '22:00', end: '06:00', repeat: [], oe: false }, zone);
    expect((end - start) / 3_600_000).toBe(8);
    expect(dayKey(end, zone)).toBe('2026-11-17');
  });

  it('round-trips a shift through the form in the store zone', () => {
    const s = shift({ start: atClock(monday, '09:30', zone), end: atClock(monday, '17:15', zone) });
    const draft = draftOfShift(s, zone);
    expect([draft.start, draft.end, draft.day]).toEqual(['09:30', '17:15', monday]);
    expect(instantsOf(draft, zone)).toEqual({ start: s.start, end: s.end });
  });

  it('lists every start time when repeating, the first day once and first', () => {
    const draft = { title: 'x', role: 'r', assigned: '', day: monday, start: '08:00', end: '12:00', repeat: [tuesday, monday], oe: false };
    expect(repeatStarts(draft, zone)).toEqual([atClock(monday, '08:00', zone), atClock(tuesday, '08:00', zone)]);
    expect(repeatStarts({ ...draft, repeat: [monday] }, zone)).toEqual([]);
  });

  it('requires title, role and times', () => {
    expect(draftErrors({ title: ' ', role: '', assigned: '', day: monday, start: '', end: '09:00', repeat: [], oe: false })).toEqual({
      title: 'validation.required',
      role: 'validation.required',
      start: 'validation.required',
    });
    expect(draftErrors({ title: 'a', role: 'r', assigned: '', day: monday, start: '09:00', end: '09:00', repeat: [], oe: false }).end).toBe('validation.endAfterStart');
  });

  it('moves a dragged shift to the target day and row keeping its times', () => {
    const s = shift({ start: atClock(monday, '09:00', zone), end: atClock(monday, '17:00', zone), assigned: 'a' });
    expect(movedShift(s, tuesday, null, zone)).toEqual({
      start: atClock(tuesday, '09:00', zone),
      end: atClock(tuesday, '17:00', zone),
      assigned: null,
    });
  });

  it('keeps the local start and end of a shift moved across a clock change', () => {
    // Berlin springs forward on 2027-03-28 and falls back on 2027-10-31.
    const sat = viewRange('day', Date.UTC(2027, 2, 20, 12), zone).start;
    const springSat = viewRange('day', Date.UTC(2027, 2, 27, 12), zone).start;
    const night = shift({ start: atClock(sat, '22:00', zone), end: atClock(sat + 86_400_000, '06:00', zone) });
    const moved = movedShift(night, springSat, null, zone);
    expect([clockTime(moved.start, zone), clockTime(moved.end, zone)]).toEqual(['22:00', '06:00']);
    expect((moved.end - moved.start) / 3_600_000).toBe(7);
    const sun = viewRange('day', Date.UTC(2027, 9, 24, 12), zone).start;
    const fallSun = viewRange('day', Date.UTC(2027, 9, 31, 12), zone).start;
    const early = shift({ start: atClock(sun, '01:00', zone), end: atClock(sun, '05:00', zone) });
    const back = movedShift(early, fallSun, 'a', zone);
    expect([clockTime(back.start, zone), clockTime(back.end, zone)]).toEqual(['01:00', '05:00']);
    expect((back.end - back.start) / 3_600_000).toBe(5);
  });

  it('names the creation error types 0 to 4', () => {
    expect(creationErrorKey({ type: 2 })).toBe('schedule.errorType.2');
    expect(creationErrorKey({ type: 9 })).toBeNull();
    expect(creationErrorKey(undefined)).toBeNull();
  });
});

describe('changedFields', () => {
  const base = shift({ start: atClock(monday, '09:00', zone), end: atClock(monday, '17:00', zone), assigned: 'e1' });
  it('names the fields another manager changed', () => {
    expect(changedFields(base, { ...base, version: base.version + 1 }, zone)).toEqual([]);
    expect(changedFields(base, { ...base, title: 'Late', end: base.end + 3_600_000 }, zone)).toEqual(['title', 'time']);
    expect(changedFields(base, { ...base, assigned: null, oe: !base.oe }, zone)).toEqual(['assigned', 'oe']);
  });
});

describe('rebaseDraft', () => {
  const base = shift({ title: 'Morning', start: atClock(monday, '09:00', zone), end: atClock(monday, '17:00', zone), assigned: 'e1' });
  it('keeps what this manager changed and takes the rest from the newer version', () => {
    const mine = { ...draftOfShift(base, zone), title: 'Inventory' };
    const theirs = { ...base, end: atClock(monday, '18:00', zone), assigned: 'e2', version: base.version + 1 };
    const merged = rebaseDraft(mine, base, theirs, zone);
    expect([merged.title, merged.start, merged.end, merged.assigned]).toEqual(['Inventory', '09:00', '18:00', 'e2']);
  });
  it('keeps this manager’s times over theirs when both moved the shift', () => {
    const mine = { ...draftOfShift(base, zone), start: '10:00' };
    const theirs = { ...base, end: atClock(monday, '18:00', zone), version: base.version + 1 };
    expect(rebaseDraft(mine, base, theirs, zone)).toMatchObject({ start: '10:00', end: '17:00' });
  });
});
