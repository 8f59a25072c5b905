import { atom } from 'jotai';
import type { Employee } from '@/modules/api/types';

/** The employee records of the current store the user may see. */
export const employeesState = atom<Employee[]>([]);
