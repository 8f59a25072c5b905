/** How full a counted limit is: room left, nearly used up, used up, or past it (after a downgrade). */
export type MeterLevel = 'room' | 'near' | 'full' | 'over';

/** A usage meter: what is used against what is allowed (`null` unlimited). */
export interface Meter {
  used: number;
  allowed: number | null;
  /** The share used, 0 to 1 (past the limit shows full); `null` when unlimited. */
  share: number | null;
  level: MeterLevel;
}

/** From this share on, a limit is nearly used up. */
export const NEAR_SHARE = 0.8;

/** The meter of `used` against `allowed`. */
export function meter(used: number, allowed: number | null): Meter {
  if (allowed === null) return { used, allowed, share: null, level: 'room' };
  const share = allowed === 0 ? 1 : Math.min(1, used / allowed);
  const level: MeterLevel = used > allowed ? 'over' : used === allowed ? 'full' : share >= NEAR_SHARE ? 'near' : 'room';
  return { used, allowed, share, level };
}
