import { atom } from 'recoil';

/**
 * Grows when the user changes what a navigation badge counts without the store announcing a
 * change (notifications marked seen or deleted), so the badges load their counts again.
 */
export const badgeVersionState = atom<number>({
  key: 'badgeVersionState',
  default: 0,
});
