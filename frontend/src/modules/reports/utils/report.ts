import type { components, paths } from '@/modules/api/schema';
import { moveDays, viewRange } from '@/modules/schedule/utils/calendar';

/** A schedule report (`reportSchedule`). */
export type ScheduleReport = components['schemas']['ScheduleReport'];
/** What an import answers: the temporary document and its new and updated rows. */
type ImportAnswer<P extends '/api/v1/importRoles' | '/api/v1/importEmployees' | '/api/v1/importShiftTemplates'> =
  paths[P]['post']['responses'][200]['content']['application/json'];
export type RoleImport = ImportAnswer<'/api/v1/importRoles'>;
export type EmployeeImport = ImportAnswer<'/api/v1/importEmployees'>;
export type TemplateImport = ImportAnswer<'/api/v1/importShiftTemplates'>;
/** One bad cell of an uploaded file. */
export type RowError = components['schemas']['RowError'];

/** The exports of a range, by their names in the API. */
export const RANGE_EXPORTS = ['shifts', 'timeTracking', 'timeOff', 'payroll', 'availability'] as const;
export type RangeExport = (typeof RANGE_EXPORTS)[number];
/** What a sheet collection can hold. */
export const COLLECTION_ITEMS = [...RANGE_EXPORTS, 'roles', 'employees', 'shiftTemplates', 'dailyTemplates', 'weeklyTemplates'] as const;
export type CollectionItem = (typeof COLLECTION_ITEMS)[number];

/** How the reports screen picks its range. */
export const RANGE_MODES = ['week', 'month', 'custom'] as const;
export type RangeMode = (typeof RANGE_MODES)[number];

/** `[start, end)` in epoch ms. */
export interface Range {
  start: number;
  end: number;
}

/** The week or month around `anchor` in the store's zone. */
export function rangeOf(mode: Exclude<RangeMode, 'custom'>, anchor: number, zone: string, weekStart: number): Range {
  if (mode === 'week') {
    const { start, end } = viewRange('week', anchor, zone, weekStart);
    return { start, end: end + 1 };
  }
  const first = firstOfMonth(anchor, zone);
  return { start: first, end: firstOfMonth(moveDays(first, 32, zone), zone) };
}

/** Local midnight of the first day of the month holding `at`. */
function firstOfMonth(at: number, zone: string): number {
  const day = Number(new Intl.DateTimeFormat('en-US', { timeZone: zone, day: 'numeric' }).format(at));
  const { start } = viewRange('day', moveDays(at, 1 - day, zone), zone);
  return start;
}

/** The range from one local day to another, both included (`YYYY-MM-DD`), or null if unreadable. */
export function customRange(from: string, to: string, zone: string): Range | null {
  const start = localMidnight(from, zone);
  const last = localMidnight(to, zone);
  if (start === null || last === null) return null;
  return { start, end: moveDays(last, 1, zone) };
}

function localMidnight(day: string, zone: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return null;
  // Noon UTC of that date is within the same local date in every zone; take its local midnight.
  const noon = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 12);
  return viewRange('day', noon, zone).start;
}

/** `YYYY-MM-DD` of an instant in `zone`. */
export function dayOf(at: number, zone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

/** Minutes as hours, rounded to hundredths. */
export function hoursOf(minutes: number): number {
  return Math.round((minutes / 60) * 100) / 100;
}

/** Saves a downloaded file under its name, as the browser's download. */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Revoked after the browser has taken the download.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
