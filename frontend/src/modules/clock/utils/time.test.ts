import { describe, expect, it } from 'vitest';
import { fromLocalInput, toLocalInput } from './time';

describe('datetime-local in the store zone', () => {
  it('shows and reads an instant in the zone', () => {
    const at = Date.UTC(2026, 10, 23, 8, 30);
    expect(toLocalInput(at, 'Europe/Berlin')).toBe('2026-11-23T09:30');
    expect(fromLocalInput('2026-11-23T09:30', 'Europe/Berlin')).toBe(at);
    expect(toLocalInput(at, 'Asia/Tehran')).toBe('2026-11-23T12:00');
    expect(fromLocalInput('2026-11-23T12:00', 'Asia/Tehran')).toBe(at);
  });

  it('reads times across a change of offset', () => {
    // Berlin moves from +01:00 to +02:00 on 2026-03-29 at 02:00.
    expect(fromLocalInput('2026-03-29T01:30', 'Europe/Berlin')).toBe(Date.UTC(2026, 2, 29, 0, 30));
    expect(fromLocalInput('2026-03-29T03:30', 'Europe/Berlin')).toBe(Date.UTC(2026, 2, 29, 1, 30));
  });
});
