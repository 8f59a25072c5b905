import { describe, expect, it } from 'vitest';
import { shift } from '@/test/fixtures';
import { managerActions } from './managerActions';

const now = Date.UTC(2026, 10, 17, 12);
const hour = 3_600_000;

describe("a manager's shift actions", () => {
  it('completes a running, paused or missed shift only', () => {
    for (const progress of ['ip', 'p', 'm'] as const) expect(managerActions(shift({ progress }), now).complete).toBe(true);
    for (const progress of ['ns', 'c'] as const) expect(managerActions(shift({ progress }), now).complete).toBe(false);
  });

  it('rates an assigned shift that ended or was completed', () => {
    expect(managerActions(shift({ assigned: 'e1', start: now - 9 * hour, end: now - hour }), now).rate).toBe(true);
    expect(managerActions(shift({ assigned: 'e1', start: now - hour, end: now + hour, progress: 'c' }), now).rate).toBe(true);
    expect(managerActions(shift({ assigned: 'e1', start: now + hour, end: now + 9 * hour }), now).rate).toBe(false);
    expect(managerActions(shift({ assigned: null, start: now - 9 * hour, end: now - hour }), now).rate).toBe(false);
  });

  it('reminds the assignee of an upcoming unconfirmed shift', () => {
    const upcoming = { assigned: 'e1', start: now + hour, end: now + 9 * hour };
    expect(managerActions(shift({ ...upcoming, status: 'published' }), now).remind).toBe(true);
    expect(managerActions(shift({ ...upcoming, status: 'confirmed' }), now).remind).toBe(false);
    expect(managerActions(shift({ ...upcoming, status: 'draft' }), now).remind).toBe(false);
    expect(managerActions(shift({ ...upcoming, status: 'published', start: now - hour }), now).remind).toBe(false);
  });
});
