import type { SavedShiftDraft } from '@/modules/local-db/utils/clocktoDb';
import type { ShiftDraft } from './shiftForm';

/** How long an unsaved shift draft is offered back. */
export const DRAFT_KEPT_MS = 7 * 24 * 3_600_000;

/** One person's draft of one shift (or of a new one) in one store. */
export function shiftDraftKey(userId: string, storeId: string, shiftId: string | null): string {
  return `${userId}:${storeId}:${shiftId ?? 'new'}`;
}

/** Whether two drafts say the same. */
export function sameDraft(a: ShiftDraft, b: ShiftDraft): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * The saved draft to offer back when the dialog opens: recent, different from what the dialog
 * starts with, and shaped like a draft.
 */
export function restorable(saved: SavedShiftDraft | undefined, initial: ShiftDraft, now: number): SavedShiftDraft<ShiftDraft> | null {
  if (!saved || now - saved.savedAt > DRAFT_KEPT_MS) return null;
  const d = saved.draft as Partial<ShiftDraft> | null;
  const shaped =
    !!d &&
    typeof d.title === 'string' &&
    typeof d.role === 'string' &&
    typeof d.assigned === 'string' &&
    typeof d.day === 'number' &&
    typeof d.start === 'string' &&
    typeof d.end === 'string' &&
    Array.isArray(d.repeat) &&
    typeof d.oe === 'boolean';
  if (!shaped) return null;
  const draft = d as ShiftDraft;
  return sameDraft(draft, initial) ? null : { ...saved, draft };
}
