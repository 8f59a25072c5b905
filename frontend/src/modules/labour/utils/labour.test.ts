import { describe, expect, it } from 'vitest';
import type { AvailabilityWindow, ShiftRequest } from '@/modules/api/types';
import { viewRange } from '@/modules/schedule/utils/calendar';
import { dropRequest, employee, shift } from '@/test/fixtures';
import { fitsAvailability, labourOf, weekOf, type LabourInput, type LabourRules } from './labour';
import { previewShift, PREVIEW_ID } from './preview';

const zone = 'Europe/Berlin';
// Monday 16 to Sunday 22 November 2026, weeks starting on Monday.
const range = viewRange('week', Date.UTC(2026, 10, 18, 12), zone, 1);
const at = (day: number, hour: number) => range.days[day]! + hour * 3_600_000;
const rules: LabourRules = { overtimeWeeklyMinutes: 2400, overtimeRate: 1.5, minRestMinutes: 660, weekStart: 1 };

const ana = employee({ id: 'ana', role: ['barista'], wage: { barista: 12 }, wageType: 'Hourly' });
const ben = employee({ id: 'ben', role: ['barista'], wage: { barista: 700 }, wageType: 'Weekly' });

function input(over: Partial<LabourInput>): LabourInput {
  return { shifts: [], employees: [ana, ben], days: range.days, end: range.end, zone, rules, availability: [], timeOff: [], ...over };
}

function window(employeeId: string, days: number[], start: string, end: string, allDay = false): AvailabilityWindow {
  return { id: `w-${employeeId}-${start}`, storeId: 's', employeeId, days, start, end, allDay, reason: null, status: null, type: 'available', timestamp: 0, modified: 0 } as AvailabilityWindow;
}

function dayOff(employeeId: string, start: number, end: number): ShiftRequest {
  return { ...dropRequest(employeeId, 'accepted'), type: 'timeoff', start, end, shift: null };
}

describe('labour figures', () => {
  it('sums hours and hourly cost per day, per employee and for the week', () => {
    const l = labourOf(
      input({
        shifts: [
          shift({ assigned: 'ana', role: 'barista', start: at(0, 9), end: at(0, 17) }),
          shift({ assigned: 'ana', role: 'barista', start: at(2, 9), end: at(2, 13) }),
          // Open, declined and cancelled shifts cost nothing.
          shift({ assigned: null, role: 'barista', start: at(0, 9), end: at(0, 17) }),
          shift({ assigned: 'ana', status: 'declined', role: 'barista', start: at(3, 9), end: at(3, 17) }),
        ],
        employees: [ana],
      }),
    );
    expect(l.days[0]).toEqual({ minutes: 480, cost: 96 });
    expect(l.days[2]).toEqual({ minutes: 240, cost: 48 });
    expect(l.total).toEqual({ minutes: 720, cost: 144 });
    expect(l.employees.get('ana')!.total).toEqual({ minutes: 720, cost: 144 });
    expect(l.warnings.size).toBe(0);
  });

  it('spreads a weekly wage evenly over the seven days', () => {
    const l = labourOf(input({ shifts: [shift({ assigned: 'ben', role: 'barista', start: at(1, 9), end: at(1, 17) })], employees: [ben] }));
    expect(l.days.map((d) => d.cost)).toEqual(Array(7).fill(100));
    expect(l.employees.get('ben')!.total).toEqual({ minutes: 480, cost: 700 });
  });

  it('warns of overtime past the weekly limit and pays it at the overtime rate', () => {
    const shifts = [0, 1, 2, 3, 4, 5].map((d) => shift({ id: `d${d}`, assigned: 'ana', role: 'barista', start: at(d, 8), end: at(d, 16) }));
    const l = labourOf(input({ shifts, employees: [ana] }));
    // 48 hours: the sixth shift is all overtime.
    expect([...l.warnings.entries()]).toEqual([['d5', ['overtime']]]);
    expect(l.total.minutes).toBe(48 * 60);
    expect(l.total.cost).toBe(40 * 12 + 8 * 12 * 1.5);
    expect(l.days[5]!.cost).toBe(8 * 12 * 1.5);
    // A lower limit moves the warning earlier.
    const strict = labourOf(input({ shifts, employees: [ana], rules: { ...rules, overtimeWeeklyMinutes: 1000 } }));
    expect([...strict.warnings.keys()]).toEqual(['d2', 'd3', 'd4', 'd5']);
  });

  it('warns of too little rest between two shifts, on both', () => {
    const late = shift({ id: 'late', assigned: 'ana', start: at(0, 15), end: at(0, 23) });
    const early = shift({ id: 'early', assigned: 'ana', start: at(1, 7), end: at(1, 12) });
    const l = labourOf(input({ shifts: [early, late] }));
    expect(l.warnings.get('late')).toEqual(['rest']);
    expect(l.warnings.get('early')).toEqual(['rest']);
    const relaxed = labourOf(input({ shifts: [early, late], rules: { ...rules, minRestMinutes: 480 } }));
    expect(relaxed.warnings.size).toBe(0);
  });

  it('warns of long shifts above 480 minutes', () => {
    const l = labourOf(
      input({
        shifts: [
          shift({ id: 'eight', assigned: 'ana', start: at(0, 8), end: at(0, 16) }),
          shift({ id: 'nine', assigned: 'ana', start: at(2, 8), end: at(2, 17) }),
        ],
      }),
    );
    expect([...l.warnings.entries()]).toEqual([['nine', ['long']]]);
  });

  it('warns of shifts outside availability or during accepted time off', () => {
    // Ana is available Mondays 12:00-20:00 and Tuesdays all day.
    const availability = [window('ana', [1], '12:00', '20:00'), window('ana', [2], '00:00', '00:00', true)];
    const shifts = [
      shift({ id: 'morning', assigned: 'ana', start: at(0, 9), end: at(0, 17) }),
      shift({ id: 'afternoon', assigned: 'ana', start: at(0, 12), end: at(0, 20) }),
      shift({ id: 'tuesday', assigned: 'ana', start: at(1, 9), end: at(1, 17) }),
      shift({ id: 'friday', assigned: 'ana', start: at(4, 9), end: at(4, 17) }),
    ];
    const off = [dayOff('ana', at(4, 0), at(5, 0) - 1), { ...dayOff('ana', at(1, 0), at(2, 0) - 1), status: 'pending' as const }];
    const l = labourOf(input({ shifts, availability, timeOff: off }));
    expect(l.warnings.get('morning')).toEqual(['availability']);
    expect(l.warnings.has('afternoon')).toBe(false);
    // A pending request warns of nothing.
    expect(l.warnings.has('tuesday')).toBe(false);
    expect(l.warnings.get('friday')).toEqual(['availability', 'timeOff']);
  });
});

describe('availability windows', () => {
  it('takes overnight windows of the day before and merges touching ones', () => {
    const overnight = [window('x', [1], '22:00', '06:00')];
    // Tuesday 02:00-05:00 is inside Monday's overnight window.
    expect(fitsAvailability(overnight, at(1, 2), at(1, 5), zone)).toBe(true);
    expect(fitsAvailability(overnight, at(0, 23), at(1, 5), zone)).toBe(true);
    expect(fitsAvailability(overnight, at(1, 5), at(1, 7), zone)).toBe(false);
    const split = [window('x', [1], '08:00', '12:00'), window('x', [1], '12:00', '18:00')];
    expect(fitsAvailability(split, at(0, 9), at(0, 17), zone)).toBe(true);
  });

  it('groups by the store week in its zone', () => {
    expect(weekOf(at(6, 23), zone, 1)).toBe(range.days[0]);
    expect(weekOf(at(0, 0), zone, 0)).toBe(range.days[0]! - 86_400_000);
  });
});

describe('a shift being edited', () => {
  it('is warned about as it would be saved, among the others', () => {
    const late = shift({ id: 'late', assigned: 'ana', start: at(0, 15), end: at(0, 23) });
    const draft = previewShift(null, { title: 'Early', role: 'barista', assigned: 'ana', oe: false }, at(1, 6), at(1, 15));
    expect(draft.id).toBe(PREVIEW_ID);
    const l = labourOf(input({ shifts: [late, draft], employees: [ana] }));
    expect(l.warnings.get(PREVIEW_ID)).toEqual(['long', 'rest']);
    // Editing the late shift itself to end earlier replaces it rather than doubling it.
    const edited = previewShift(late, { title: late.title, role: 'barista', assigned: 'ana', oe: false }, at(0, 12), at(0, 18));
    const after = labourOf(input({ shifts: [edited], employees: [ana] }));
    expect(after.employees.get('ana')!.total.minutes).toBe(360);
    expect(after.warnings.size).toBe(0);
  });
});
