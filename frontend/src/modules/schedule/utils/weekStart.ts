/**
 * The one first day of the week of a store, 0 = Sunday: the store's own setting, which the
 * board, the availability screen and the employees' calendar all follow (the reader's locale
 * does not move it, so a manager and an employee reading in different languages see the same
 * weeks). A store that has none starts on Sunday, the spec's default.
 */
export function storeWeekStart(store: { weekStart?: number | null } | null | undefined): number {
  const n = store?.weekStart;
  return typeof n === 'number' && Number.isInteger(n) && n >= 0 && n <= 6 ? n : 0;
}

/** The seven weekdays (0 = Sunday) in the order of a week starting on `weekStart`. */
export function weekOrder(weekStart: number): number[] {
  return Array.from({ length: 7 }, (_, i) => (weekStart + i) % 7);
}

/** Where `day` (0 = Sunday) falls in a week starting on `weekStart`: 0 to 6. */
export function weekPosition(day: number, weekStart: number): number {
  return (((day - weekStart) % 7) + 7) % 7;
}
