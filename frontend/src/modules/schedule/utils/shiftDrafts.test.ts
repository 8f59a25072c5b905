import { describe, expect, it } from 'vitest';
import { DRAFT_KEPT_MS, restorable, shiftDraftKey } from './shiftDrafts';
import type { ShiftDraft } from './shiftForm';

const initial: ShiftDraft = { title: 'Morning', role: 'r1', assigned: '', day: 0, start: '09:00', end: '17:00', repeat: [], oe: false };

describe('unsaved shift drafts', () => {
  it('are kept per person, store and shift', () => {
    expect(shiftDraftKey('u', 's', 'x')).toBe('u:s:x');
    expect(shiftDraftKey('u', 's', null)).toBe('u:s:new');
  });

  it('are offered back when recent and different from what the dialog shows', () => {
    const now = 10 * DRAFT_KEPT_MS;
    const edited = { ...initial, title: 'Inventory' };
    const saved = { key: 'k', draft: edited, baseVersion: 3, savedAt: now - 60_000 };
    expect(restorable(saved, initial, now)?.draft).toEqual(edited);
    expect(restorable({ ...saved, draft: initial }, initial, now)).toBeNull();
    expect(restorable({ ...saved, savedAt: now - DRAFT_KEPT_MS - 1 }, initial, now)).toBeNull();
    expect(restorable(undefined, initial, now)).toBeNull();
  });

  it('ignore what is not shaped like a draft', () => {
    const now = 1_000;
    expect(restorable({ key: 'k', draft: { title: 1 }, baseVersion: null, savedAt: now }, initial, now)).toBeNull();
    expect(restorable({ key: 'k', draft: null, baseVersion: null, savedAt: now }, initial, now)).toBeNull();
  });
});
