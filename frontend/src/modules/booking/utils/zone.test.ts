import { describe, expect, it } from 'vitest';
import { usableZone } from './zone';

describe('usableZone', () => {
  it('keeps an IANA zone', () => {
    expect(usableZone('Europe/Berlin')).toBe('Europe/Berlin');
  });

  it('reads a shown offset as the fixed zone of that offset', () => {
    expect(usableZone('GMT+01:00')).toBe('Etc/GMT-1');
    expect(usableZone('GMT-05:00')).toBe('Etc/GMT+5');
    expect(usableZone('GMT+00:00')).toBe('UTC');
    const odd = usableZone('GMT+05:30');
    expect(new Intl.DateTimeFormat('en', { timeZone: odd, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(Date.UTC(2025, 0, 1, 0, 0))).toBe(odd === 'UTC' ? '00:00' : '05:30');
  });

  it('falls back to UTC for what is no zone', () => {
    expect(usableZone('nowhere')).toBe('UTC');
    expect(usableZone(null)).toBe('UTC');
  });
});
