import { describe, expect, it } from 'vitest';
import { shift } from '@/test/fixtures';
import { afterUndo, createdStep, forgetShifts, editedStep, openedStep, pushStep, removedStep, UNDO_LIMIT, type UndoStep } from './undoStack';
import { UndoStacks } from './undoStacks';

describe('the undo stack', () => {
  it('records what each action changed, with the version the change left', () => {
    const a = shift({ id: 'a', version: 3, status: 'published', start: 1000, end: 2000, assigned: 'e1' });
    const moved = { ...a, version: 4, start: 5000, end: 6000 };
    expect(editedStep('move', a, moved)).toEqual({
      action: 'move',
      changes: [{ kind: 'edited', shiftId: 'a', version: 4, before: expect.objectContaining({ start: 1000, end: 2000, assigned: 'e1' }) }],
    });
    // An edit the server found empty changed nothing to take back.
    expect(editedStep('edit', a, a)).toBeNull();
    expect(createdStep([shift({ id: 'n', version: 1 })])?.changes).toEqual([{ kind: 'created', shiftId: 'n', version: 1 }]);
    expect(createdStep([])).toBeNull();
  });

  it('takes back a deleted draft by its fields and a cancelled shift by its next version', () => {
    const draft = shift({ id: 'd', status: 'draft', version: 2 });
    const announced = shift({ id: 'p', status: 'published', version: 5 });
    const step = removedStep('batchDelete', [draft, announced]);
    expect(step?.changes.map((c) => c.kind)).toEqual(['deleted', 'cancelled']);
    expect(step?.changes[1]).toEqual({ kind: 'cancelled', shiftId: 'p', version: 6 });
  });

  it('leaves out opened shifts the batch did not change', () => {
    const open = shift({ id: 'o', status: 'draft', assigned: null, version: 1 });
    const assigned = shift({ id: 'x', status: 'published', assigned: 'e1', version: 2 });
    const step = openedStep([open, assigned]);
    expect(step?.changes).toHaveLength(1);
    expect(step?.changes[0]).toMatchObject({ kind: 'edited', shiftId: 'x', version: 3 });
    expect(openedStep([open])).toBeNull();
  });

  it('keeps the newest steps up to its limit', () => {
    let stack: UndoStep[] = [];
    for (let i = 0; i < UNDO_LIMIT + 5; i++) stack = pushStep(stack, createdStep([shift({ id: `s${i}`, version: 1 })]));
    expect(stack).toHaveLength(UNDO_LIMIT);
    expect(stack[0]!.changes[0]!.shiftId).toBe('s5');
    expect(pushStep(stack, null)).toHaveLength(UNDO_LIMIT);
  });

  it('names a shift by its new id and version in older steps once a step is undone', () => {
    const a = shift({ id: 'a', version: 1, status: 'draft' });
    const moved = { ...a, version: 2, start: a.start + 3600_000 };
    let stack = pushStep([], createdStep([a]));
    stack = pushStep(stack, editedStep('move', a, moved));
    // The move is undone: the shift is at version 3, as the creation left it.
    stack = afterUndo(stack, [{ id: 'a', shift: { ...a, version: 3 } }]);
    expect(stack).toEqual([{ action: 'create', changes: [{ kind: 'created', shiftId: 'a', version: 3 }] }]);

    // A deleted draft comes back under a new id: older steps follow it.
    const b = shift({ id: 'b', version: 2, status: 'draft' });
    let other = pushStep([], editedStep('edit', { ...b, version: 1 }, b));
    other = pushStep(other, removedStep('delete', [b]));
    other = afterUndo(other, [{ id: 'b', shift: { ...b, id: 'b2', version: 1 } }]);
    expect(other[0]!.changes[0]).toMatchObject({ kind: 'edited', shiftId: 'b2', version: 1 });
  });

  it('forgets the steps of shifts that were published, dropped or cleared', () => {
    const a = shift({ id: 'a' });
    const b = shift({ id: 'b' });
    const stack = pushStep(pushStep([], createdStep([a])), createdStep([b]));
    expect(forgetShifts(stack, ['a']).map((s) => s.changes[0]!.shiftId)).toEqual(['b']);
    expect(forgetShifts(stack, [])).toEqual(stack);
  });

  it('keeps one stack per manager and store', () => {
    const stacks = new UndoStacks();
    let heard = 0;
    const stop = stacks.subscribe(() => heard++);
    const mine = UndoStacks.key('u1', 's1');
    stacks.update(mine, (s) => pushStep(s, createdStep([shift({ id: 'a' })])));
    expect(stacks.get(mine)).toHaveLength(1);
    expect(stacks.get(UndoStacks.key('u2', 's1'))).toHaveLength(0);
    expect(stacks.get(UndoStacks.key('u1', 's2'))).toHaveLength(0);
    expect(heard).toBe(1);
    stop();
  });
});
