import { describe, expect, it } from 'vitest';
import { isLate } from './progress';

const MIN = 60_000;
const shift = { progress: 'ns', status: 'published', assigned: 'e1', start: 0, end: 240 * MIN } as const;

describe('late on the board', () => {
  it('is an announced, assigned, unstarted shift 5 minutes past its start until its end', () => {
    expect(isLate(shift, 4 * MIN)).toBe(false);
    expect(isLate(shift, 5 * MIN)).toBe(true);
    expect(isLate(shift, 240 * MIN)).toBe(false);
    expect(isLate({ ...shift, progress: 'ip' }, 10 * MIN)).toBe(false);
    expect(isLate({ ...shift, status: 'draft' }, 10 * MIN)).toBe(false);
    expect(isLate({ ...shift, assigned: null }, 10 * MIN)).toBe(false);
  });
});
