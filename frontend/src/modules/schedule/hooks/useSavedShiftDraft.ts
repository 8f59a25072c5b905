import { useCallback, useEffect, useRef, useState } from 'react';
import { forgetShiftDraft, loadShiftDraft, saveShiftDraft, type SavedShiftDraft } from '@/modules/local-db/utils/clocktoDb';
import { restorable, sameDraft } from '../utils/shiftDrafts';
import type { ShiftDraft } from '../utils/shiftForm';

/** How long typing pauses before the draft is written. */
const SAVE_AFTER_MS = 300;

/**
 * The shift dialog's draft in `clockto-db`, so a reload, a closed tab or a lost phone battery
 * does not lose an edit: a saved draft is offered back when the dialog opens again, and while
 * the manager edits, each pause writes the draft. Leaving the dialog on purpose forgets it.
 */
export function useSavedShiftDraft(key: string | undefined, initial: ShiftDraft, draft: ShiftDraft, baseVersion: number | null) {
  const [offered, setOffered] = useState<SavedShiftDraft<ShiftDraft> | null>(null);
  const [checked, setChecked] = useState(false);
  const start = useRef(initial);

  useEffect(() => {
    if (!key) return undefined;
    let current = true;
    void loadShiftDraft(key).then((saved) => {
      if (!current) return;
      setOffered(restorable(saved, start.current, Date.now()));
      setChecked(true);
    });
    return () => {
      current = false;
    };
  }, [key]);

  // Nothing is written while a saved draft waits for an answer, so it is never overwritten.
  useEffect(() => {
    if (!key || !checked || offered) return undefined;
    const timer = window.setTimeout(() => {
      if (sameDraft(draft, start.current)) void forgetShiftDraft(key);
      else void saveShiftDraft({ key, draft, baseVersion, savedAt: Date.now() });
    }, SAVE_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [key, checked, offered, draft, baseVersion]);

  const forget = useCallback(() => {
    if (key) void forgetShiftDraft(key);
  }, [key]);

  /** Takes the offered draft (the caller puts it in the form). */
  const accept = useCallback(() => {
    const taken = offered?.draft ?? null;
    setOffered(null);
    return taken;
  }, [offered]);

  /** Declines it: it is forgotten. */
  const decline = useCallback(() => {
    setOffered(null);
    forget();
  }, [forget]);

  return { offered, accept, decline, forget };
}
