import { atom } from 'jotai';
import type { Catalogue } from '../types/billing';

/** The plans the server sells (`getProducts`), kept in memory after the first load; `null` until then. */
export const catalogueState = atom<Catalogue | null>(null);
