/** The business kinds of the spec, as the API names them. */
export const BUSINESS_KINDS = [
  'healthcare services',
  'hospitality and leisure',
  'personal care',
  'entertainment and recreation',
  'education and childcare',
  'transportation and storage',
  'repair and maintenance',
  'retail and consumer',
  'real estate and construction',
  'others',
] as const;

/** The business kind a form field holds (`others` for anything else). */
export const asBusinessKind = (value: string): (typeof BUSINESS_KINDS)[number] =>
  BUSINESS_KINDS.find((k) => k === value) ?? 'others';

/** Catalogue key of a business kind. */
export const kindKey = (kind: string) => `kinds.${kind.replace(/\s+(\w)/g, (_, c: string) => c.toUpperCase())}`;

/** IANA time zones the browser knows, with the browser's own zone first. */
export function timeZones(): string[] {
  const own = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [own];
  return [own, ...all.filter((z) => z !== own)];
}

/** Weekday numbers, 0 = Sunday. */
export const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const;

/** A role typed during onboarding. */
export interface RoleDraft {
  title: string;
  color: string;
}
