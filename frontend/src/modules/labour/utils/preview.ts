import type { Shift } from '@/modules/api/types';

/** The fields of a shift being edited that its warnings depend on. */
export interface DraftFields {
  title: string;
  role: string;
  assigned: string;
  oe: boolean;
}

/** Id of a shift not created yet, while its warnings are previewed. */
export const PREVIEW_ID = 'preview';

/** The shift as it would be saved: `shift` (or a new one) with the draft's fields and times. */
export function previewShift(shift: Shift | null, draft: DraftFields, start: number, end: number): Shift {
  const base: Shift = shift ?? {
    id: PREVIEW_ID,
    storeId: '',
    title: draft.title,
    start,
    end,
    status: 'draft',
    progress: 'ns',
    assigned: null,
    assigneeEmail: null,
    role: null,
    oe: false,
    tasks: [],
    rate: null,
    cancelReason: null,
    adjacentSessionId: null,
    version: 0,
    timestamp: 0,
    modified: 0,
  };
  return { ...base, title: draft.title, start, end, role: draft.role || null, assigned: draft.assigned || null, oe: draft.oe };
}
