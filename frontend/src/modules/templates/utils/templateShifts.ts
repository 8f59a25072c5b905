import type { Shift, TemplateCheckEntry, TemplateKind, TemplateShift } from '@/modules/api/types';

/** The tabs of the template screen, as `?tab=` names them. */
export const TEMPLATE_TABS: TemplateKind[] = ['shift', 'weekly', 'daily'];

/** The tab a `?tab=` value names; the shift tab when it names none. */
export function tabOf(value: string | null): TemplateKind {
  return TEMPLATE_TABS.find((t) => t === value) ?? 'shift';
}

/** Minutes of wall-clock time from `start` to `end` ("HH:mm"); an end not after the start is the next day. */
export function wallMinutes(start: string, end: string): number {
  const toMin = (s: string) => {
    const [h = 0, m = 0] = s.split(':').map(Number);
    return h * 60 + m;
  };
  const d = toMin(end) - toMin(start);
  return d > 0 ? d : d + 24 * 60;
}

/** A template's shifts in the order a person reads them: by day, then start. */
export function sortedShifts(shifts: TemplateShift[]): TemplateShift[] {
  return [...shifts].sort((a, b) => (a.day ?? 0) - (b.day ?? 0) || a.start.localeCompare(b.start) || a.title.localeCompare(b.title));
}

/** The board's shifts a weekly or daily template is saved from: those starting in `[from, to)`. */
export function shiftsToSave(shifts: Shift[], from: number, to: number): string[] {
  return shifts.filter((s) => s.start >= from && s.start < to && s.status !== 'cancelled').map((s) => s.id);
}

/** How many template shifts a load check says would not be made, and how many of each type. */
export function checkSummary(entries: TemplateCheckEntry[]): { failed: number; byType: Partial<Record<TemplateCheckEntry['type'], number>> } {
  const byType: Partial<Record<TemplateCheckEntry['type'], number>> = {};
  let failed = 0;
  for (const e of entries) {
    failed += e.shifts.length;
    byType[e.type] = (byType[e.type] ?? 0) + e.shifts.length;
  }
  return { failed, byType };
}

/** A new, empty shift for a template being edited. */
export function blankShift(role: string | null): TemplateShift {
  return { title: '', day: 0, start: '09:00', end: '17:00', role, assigned: null, oe: false, tasks: [] };
}

/** Catalogue keys of what is wrong with a template's shifts, by index. */
export function shiftErrors(shifts: TemplateShift[]): Record<number, string> {
  const out: Record<number, string> = {};
  shifts.forEach((s, i) => {
    if (!s.title.trim()) out[i] = 'validation.required';
    else if (!/^\d\d:\d\d$/.test(s.start) || !/^\d\d:\d\d$/.test(s.end)) out[i] = 'validation.required';
    else if (!s.oe && s.start === s.end) out[i] = 'validation.endAfterStart';
  });
  return out;
}
