import { atom } from 'jotai';
import { storeDetailState } from '../storeDetailState';

/** What the user may do in the current store. */
export interface StorePermissions {
  isOwner: boolean;
  isManager: boolean;
  /** Permission names; `owner` included for the owner. */
  names: string[];
}

const NONE: StorePermissions = { isOwner: false, isManager: false, names: [] };

/** The user's permissions in the current store (none until it has loaded). */
export const permissionsSelector = atom<StorePermissions>((get) => {
  const detail = get(storeDetailState);
  if (!detail) return NONE;
  return { isOwner: detail.isOwner, isManager: detail.isManager, names: detail.permissions };
});
