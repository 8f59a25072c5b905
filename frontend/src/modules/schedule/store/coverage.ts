/** Closed intervals `[start, end]` of time, in epoch ms. */
export type Span = readonly [number, number];

/** `spans` with `[start, end]` added, merged and sorted. */
export function cover(spans: readonly Span[], start: number, end: number): Span[] {
  const all = [...spans, [start, end] as Span].sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const [s, e] of all) {
    const last = merged[merged.length - 1];
    // Touching spans (one ends the millisecond before the next starts) join.
    if (last && s <= last[1] + 1) last[1] = Math.max(last[1], e);
    else merged.push([s, e]);
  }
  return merged;
}

/** The parts of `[start, end]` that `spans` do not cover, in order. */
export function gaps(spans: readonly Span[], start: number, end: number): Span[] {
  const missing: Span[] = [];
  let from = start;
  for (const [s, e] of [...spans].sort((a, b) => a[0] - b[0])) {
    if (e < from) continue;
    if (s > end) break;
    if (s > from) missing.push([from, s - 1]);
    from = Math.max(from, e + 1);
    if (from > end) break;
  }
  if (from <= end) missing.push([from, end]);
  return missing;
}
