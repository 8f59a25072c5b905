import { selector } from 'recoil';
import { storeDetailState } from '../storeDetailState';

/** What the user may do in the current store. */
export interface StorePermissions {
  isOwner: boolean;
  isManager: boolean;
  /** Permission names; `owner` included for the owner. */
  names: string[];
}

/** The user's permissions in the current store (none until it has loaded). */
export const permissionsSelector = selector<StorePermissions>({
  key: 'permissionsSelector',
  get: ({ get }) => {
    const detail = get(storeDetailState);
    if (!detail) return { isOwner: false, isManager: false, names: [] };
    return { isOwner: detail.isOwner, isManager: detail.isManager, names: detail.permissions };
  },
});
