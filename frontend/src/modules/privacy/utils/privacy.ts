import type { Visibility } from '@/modules/api/types';

/** The audiences a person may choose for a field, widest first. */
export const VISIBILITIES: readonly Visibility[] = ['everyone', 'managers', 'onlyMe'];

/** The fields a person chooses an audience for. */
export const PRIVATE_FIELDS = ['phone', 'birthday'] as const;
export type PrivateField = (typeof PRIVATE_FIELDS)[number];

/**
 * Whether what the person typed confirms deleting the account of `email`: the address itself,
 * case and surrounding spaces aside, as the server checks it.
 */
export function confirmsDeletion(typed: string, email: string): boolean {
  const t = typed.trim();
  return t.length > 0 && t.toLowerCase() === email.trim().toLowerCase();
}

/** The longest profile description and about-me text, in characters (the server's limits). */
export const DESCRIPTION_MAX = 160;
export const ABOUT_ME_MAX = 2000;

/** How many characters a text holds as the server counts them (code points, not UTF-16 units). */
export function characters(text: string): number {
  return [...text.trim()].length;
}
