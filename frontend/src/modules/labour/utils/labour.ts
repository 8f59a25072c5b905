import { TZDate } from '@date-fns/tz';
import { startOfWeek, type Day } from 'date-fns';
import type { AvailabilityWindow, Employee, Shift, ShiftRequest } from '@/modules/api/types';
import { dayIndexOf } from '@/modules/schedule/utils/boardIndex';

/** The store's rules the labour figures and warnings follow (its clock settings). */
export interface LabourRules {
  /** Scheduled minutes a week past which time is overtime. */
  overtimeWeeklyMinutes: number;
  /** Pay of an overtime hour as a multiple of the wage. */
  overtimeRate: number;
  /** Least rest between two shifts of one employee, in minutes. */
  minRestMinutes: number;
  /** The first day of the store's week, 0 = Sunday. */
  weekStart: number;
}

/** What a shift is warned about while the week is planned. */
export const WARNING_KINDS = ['overtime', 'rest', 'long', 'availability', 'timeOff'] as const;
export type WarningKind = (typeof WARNING_KINDS)[number];

/** Above this many minutes a shift is long. */
export const LONG_SHIFT_MINUTES = 480;
/** Minutes an all-day availability window covers from its start. */
const ALL_DAY_MINUTES = 1499;
const DAY = 1440;

/** Scheduled minutes and their wage cost. */
export interface Figures {
  minutes: number;
  cost: number;
}

/** One employee's figures, per day shown and for the range. */
export interface EmployeeFigures {
  days: Figures[];
  total: Figures;
}

export interface Labour {
  /** Per day shown, all employees together. */
  days: Figures[];
  /** The whole range. */
  total: Figures;
  /** By employee record id. */
  employees: Map<string, EmployeeFigures>;
  /** By shift id: what the shift is warned about (only shifts with a warning). */
  warnings: Map<string, WarningKind[]>;
}

export interface LabourInput {
  shifts: readonly Shift[];
  employees: readonly Employee[];
  /** Local midnight of each day shown, and the range's last instant. */
  days: readonly number[];
  end: number;
  zone: string;
  rules: LabourRules;
  availability: readonly AvailabilityWindow[];
  timeOff: readonly ShiftRequest[];
}

const zero = (): Figures => ({ minutes: 0, cost: 0 });
const add = (f: Figures, minutes: number, cost: number) => {
  f.minutes += minutes;
  f.cost += cost;
};

/** Whether a shift still takes its assignee's time (declined and cancelled ones do not). */
export function counts(s: Shift): boolean {
  return s.assigned != null && s.status !== 'declined' && s.status !== 'cancelled';
}

function minutesOf(s: Shift): number {
  return s.oe ? 0 : Math.max(0, Math.round((s.end - s.start) / 60_000));
}

/** The first instant of the store week holding `at`. */
export function weekOf(at: number, zone: string, weekStart: number): number {
  return startOfWeek(new TZDate(at, zone), { weekStartsOn: (((weekStart % 7) + 7) % 7) as Day }).getTime();
}

/**
 * `weekOf` for one zone and week start, remembered per quarter hour: every zone's offset is a
 * whole number of quarter hours, so a local midnight (and a week's start) never falls inside
 * one, and the many shifts of a board that start on the same quarter hour cost one reckoning.
 */
function weeksIn(zone: string, weekStart: number): (at: number) => number {
  const known = new Map<number, number>();
  return (at) => {
    const quarter = Math.floor(at / 900_000);
    let week = known.get(quarter);
    if (week === undefined) {
      week = weekOf(at, zone, weekStart);
      known.set(quarter, week);
    }
    return week;
  };
}

/** An instant's local day (as a day number), weekday and wall-clock minute in `zone`. */
function wall(at: number, zone: string, ceil = false) {
  const d = new TZDate(at, zone);
  const partial = ceil && (d.getSeconds() > 0 || d.getMilliseconds() > 0) ? 1 : 0;
  return {
    day: Date.UTC(d.getFullYear(), d.getMonth(), d.getDate()) / 86_400_000,
    weekday: d.getDay(),
    minute: d.getHours() * 60 + d.getMinutes() + partial,
  };
}

const hhmm = (t: string) => {
  const [h = 0, m = 0] = t.split(':').map(Number);
  return h * 60 + m;
};

/**
 * Whether `[start, end]` lies wholly inside one of `windows` on the weekday it starts on
 * (the previous day's overnight windows count too; overlapping or touching windows merge),
 * as the server's createShift checks it.
 */
export function fitsAvailability(windows: readonly AvailabilityWindow[], start: number, end: number, zone: string): boolean {
  const from = wall(start, zone);
  const last = wall(end, zone, true);
  // Wall-clock minutes from the start's local midnight, so a window keeps its local meaning
  // on a daylight-saving day.
  const to = { minute: (last.day - from.day) * DAY + last.minute };
  const spans: [number, number][] = [];
  for (const w of windows) {
    const s = hhmm(w.start);
    let e = w.allDay ? s + ALL_DAY_MINUTES : hhmm(w.end);
    if (!w.allDay && e <= s) e += DAY;
    if (w.days.includes(from.weekday)) spans.push([s, e]);
    if (w.days.includes((from.weekday + 6) % 7) && e > DAY) spans.push([s - DAY, e - DAY]);
  }
  spans.sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const [s, e] of spans) {
    const last = merged[merged.length - 1];
    if (last && s <= last[1]) last[1] = Math.max(last[1], e);
    else merged.push([s, e]);
  }
  return merged.some(([s, e]) => s <= from.minute && to.minute <= e);
}

/** The wage cost of `minutes` in `role` for an hourly employee, `overtime` of them at the overtime rate. */
function hourlyCost(e: Employee, role: string | null, minutes: number, overtime: number, rate: number): number {
  const wage = (role ? e.wage?.[role] : undefined) ?? 0;
  return (wage * (minutes - overtime + overtime * rate)) / 60;
}

const isWeekly = (e: Employee) => e.wageType === 'Weekly';
/** A weekly wage is one salary: the highest of the employee's role wages. */
const weeklyWage = (e: Employee) => Math.max(0, ...Object.values(e.wage ?? {}).map(Number));

/**
 * The board's labour figures and warnings: per day, per employee and for the range, the
 * scheduled minutes and wage cost (hourly wages per the shift's role, overtime past the weekly
 * limit at the overtime rate; weekly wages spread evenly over the seven days of the week), and
 * what each shift breaks: overtime, too little rest, a long shift, outside availability,
 * during accepted time off. Shifts count on the day and in the week they start in.
 */
export function labourOf({ shifts, employees, days, end, zone, rules, availability, timeOff }: LabourInput): Labour {
  const out: Labour = { days: days.map(zero), total: zero(), employees: new Map(), warnings: new Map() };
  const warn = (id: string, kind: WarningKind) => {
    const list = out.warnings.get(id) ?? [];
    if (!list.includes(kind)) list.push(kind);
    out.warnings.set(id, list);
  };
  const byEmployee = new Map<string, Shift[]>();
  for (const s of shifts) {
    if (!counts(s)) continue;
    const list = byEmployee.get(s.assigned!) ?? [];
    list.push(s);
    byEmployee.set(s.assigned!, list);
    if (minutesOf(s) > LONG_SHIFT_MINUTES) warn(s.id, 'long');
  }
  const windowsOf = new Map<string, AvailabilityWindow[]>();
  for (const w of availability) windowsOf.set(w.employeeId, [...(windowsOf.get(w.employeeId) ?? []), w]);
  const weekOfShift = weeksIn(zone, rules.weekStart);
  const offOf = new Map<string, ShiftRequest[]>();
  for (const r of timeOff) {
    if (r.type !== 'timeoff' || r.status !== 'accepted' || r.start == null || r.end == null) continue;
    offOf.set(r.employeeId, [...(offOf.get(r.employeeId) ?? []), r]);
  }

  for (const e of employees) {
    const mine = (byEmployee.get(e.id) ?? []).slice().sort((a, b) => a.start - b.start || a.id.localeCompare(b.id));
    if (mine.length === 0 && !(isWeekly(e) && weeklyWage(e) > 0)) continue;
    const figures: EmployeeFigures = { days: days.map(zero), total: zero() };
    const weekMinutes = new Map<number, number>();
    const windows = windowsOf.get(e.id) ?? [];
    const off = offOf.get(e.id) ?? [];
    mine.forEach((s, i) => {
      const minutes = minutesOf(s);
      const week = weekOfShift(s.start);
      const before = weekMinutes.get(week) ?? 0;
      const after = before + minutes;
      weekMinutes.set(week, after);
      const overtime = Math.max(0, after - Math.max(before, rules.overtimeWeeklyMinutes));
      if (overtime > 0) warn(s.id, 'overtime');
      const next = mine[i + 1];
      if (next && !s.oe && next.start >= s.end && next.start - s.end < rules.minRestMinutes * 60_000) {
        warn(s.id, 'rest');
        warn(next.id, 'rest');
      }
      if (windows.length > 0 && !s.oe && !fitsAvailability(windows, s.start, s.end, zone)) warn(s.id, 'availability');
      const sEnd = s.oe ? s.start : s.end;
      if (off.some((r) => r.start! <= sEnd && s.start <= r.end!)) warn(s.id, 'timeOff');
      const day = dayIndexOf(days, end, s.start);
      if (day < 0) return;
      const cost = isWeekly(e) ? 0 : hourlyCost(e, s.role, minutes, overtime, rules.overtimeRate);
      add(figures.days[day]!, minutes, cost);
      add(figures.total, minutes, cost);
      add(out.days[day]!, minutes, cost);
      add(out.total, minutes, cost);
    });
    if (isWeekly(e)) {
      const perDay = weeklyWage(e) / 7;
      days.forEach((_, d) => {
        add(figures.days[d]!, 0, perDay);
        add(figures.total, 0, perDay);
        add(out.days[d]!, 0, perDay);
        add(out.total, 0, perDay);
      });
    }
    out.employees.set(e.id, figures);
  }
  return out;
}
