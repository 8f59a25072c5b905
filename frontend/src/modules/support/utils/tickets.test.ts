import { describe, expect, it } from 'vitest';
import { hasUnseenAnswer, statusTone } from './tickets';

describe('tickets', () => {
  it('mark an answer the user has not read', () => {
    expect(hasUnseenAnswer({ seen: false, adminResponse: 'Fixed.' })).toBe(true);
    expect(hasUnseenAnswer({ seen: true, adminResponse: 'Fixed.' })).toBe(false);
    // A new ticket is unseen, but there is nothing to read yet.
    expect(hasUnseenAnswer({ seen: false, adminResponse: null })).toBe(false);
  });

  it('colour statuses', () => {
    expect(statusTone('pending')).toBe('warning');
    expect(statusTone('inProgress')).toBe('info');
    expect(statusTone('resolved')).toBe('success');
  });
});
