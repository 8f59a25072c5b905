import { describe, expect, it } from 'vitest';
import { formatCountdown, secondsLeft, slotTimes, tokenOf } from './slots';

describe('slot times', () => {
  // 2025-06-10 07:00–07:30 UTC: 09:00 in Berlin.
  const start = Date.UTC(2025, 5, 10, 7, 0);
  const end = Date.UTC(2025, 5, 10, 7, 30);

  it('shows the store’s times alone when the visitor reads the same clock', () => {
    expect(slotTimes(start, end, 'Europe/Berlin', 'Europe/Paris', 'en')).toEqual({ store: '09:00–09:30', visitor: null });
  });

  it('adds the visitor’s own times when their zone differs', () => {
    expect(slotTimes(start, end, 'Europe/Berlin', 'Asia/Tehran', 'en')).toEqual({ store: '09:00–09:30', visitor: '10:30–11:00' });
  });

  it('names the visitor’s day when it is another one', () => {
    const t = slotTimes(start, end, 'Europe/Berlin', 'America/Los_Angeles', 'en');
    expect(t.store).toBe('09:00–09:30');
    expect(t.visitor).toBe('00:00–00:30');
    const late = slotTimes(Date.UTC(2025, 5, 10, 5, 0), Date.UTC(2025, 5, 10, 5, 30), 'Europe/Berlin', 'America/Los_Angeles', 'en');
    expect(late.visitor).toBe('Mon 22:00–22:30');
  });

  it('writes the times in the reader’s digits', () => {
    expect(slotTimes(start, end, 'Europe/Berlin', 'Asia/Tehran', 'fa').store).toBe('۰۹:۰۰–۰۹:۳۰');
  });
});

describe('links and holds', () => {
  it('takes the token from a link', () => {
    expect(tokenOf('https://x.test/reservation/confirm/abc.def-1')).toBe('abc.def-1');
    expect(tokenOf('/reservation/cancel/tok?x=1')).toBe('tok');
  });

  it('counts a hold down in whole seconds', () => {
    expect(secondsLeft(10_500, 10_000)).toBe(1);
    expect(secondsLeft(9_000, 10_000)).toBe(0);
    expect(formatCountdown(299, 'en')).toBe('4:59');
    expect(formatCountdown(65, 'fa')).toBe('۱:۰۵');
  });
});
