import { atom } from 'jotai';

/** The last server refusal of an edit, per shift id, shown on the shift. */
export const shiftErrorsState = atom<Record<string, string>>({});
