/**
 * Sizing the printed week to one landscape A4 page (8 mm margins): the font shrinks until the
 * rows fit, down to a size still legible. A week too full even then continues on further pages,
 * each with the day header.
 */

/** The page's width and the table body's height, in points. */
const PAGE_WIDTH_PT = 796;
const BODY_HEIGHT_PT = 480;
/** The share of the width the names column takes. */
const NAMES_SHARE = 0.13;
/** Characters of one shift's text (times, title, role, status) and their width in ems. */
const CHARS_PER_SHIFT = 40;
const CHAR_EM = 0.5;
/** Line height in ems, and the points each row and each shift add in padding and borders. */
const LINE_EM = 1.35;
const ROW_PAD_PT = 3.4;
const SHIFT_PAD_PT = 3;
export const LARGEST_PT = 9;
export const SMALLEST_PT = 4.5;

/** The font size (points) for rows whose fullest day holds `shiftsPerRow` shifts, over `days` columns. */
export function printFontPt(shiftsPerRow: readonly number[], days = 7): number {
  const column = (PAGE_WIDTH_PT * (1 - NAMES_SHARE)) / Math.max(1, days);
  const shifts = shiftsPerRow.reduce((sum, n) => sum + Math.max(1, n), 0);
  for (let pt = LARGEST_PT; pt >= SMALLEST_PT; pt -= 0.25) {
    const linesPerShift = Math.ceil((CHARS_PER_SHIFT * CHAR_EM * pt) / column);
    const height = (1 + shifts * linesPerShift) * pt * LINE_EM + shiftsPerRow.length * ROW_PAD_PT + shifts * SHIFT_PAD_PT;
    if (height <= BODY_HEIGHT_PT) return pt;
  }
  return SMALLEST_PT;
}
