import { describe, expect, it } from 'vitest';
import { formatClockText, formatDate, formatElapsed, formatMoney, formatNumber, formatTime, formatTimeRange } from './format';

// 2026-11-24 17:37 UTC: 18:37 in Berlin, 21:07 in Tehran.
const AT = Date.UTC(2026, 10, 24, 17, 37);

describe('formatting for the reader', () => {
  it('shows times in the store’s zone on a 24-hour clock', () => {
    expect(formatTime(AT, 'Europe/Berlin', 'en')).toBe('18:37');
    expect(formatTime(AT, 'Europe/Berlin', 'de')).toBe('18:37');
    expect(formatTime(Date.UTC(2026, 10, 24, 23, 5), 'Europe/Berlin', 'en')).toBe('00:05');
  });

  it('gives Persian digits to times, counts and durations alike', () => {
    expect(formatTime(AT, 'Europe/Berlin', 'fa')).toBe('۱۸:۳۷');
    expect(formatNumber(12, 'fa')).toBe('۱۲');
    expect(formatClockText('09:30', 'fa')).toBe('۰۹:۳۰');
    expect(formatElapsed(3_723_000, 'fa')).toBe('۱:۰۲:۰۳');
  });

  it('shows dates on the store’s calendar day', () => {
    // 23:30 UTC is already the next day in Berlin.
    const late = Date.UTC(2026, 10, 30, 23, 30);
    expect(formatDate(late, 'Europe/Berlin', 'en')).toBe('Dec 1, 2026');
    expect(formatDate(late, 'UTC', 'en')).toBe('Nov 30, 2026');
    expect(formatDate(late, 'Europe/Berlin', 'de')).toBe('01.12.2026');
  });

  it('joins a range and marks an open end', () => {
    expect(formatTimeRange(AT, AT + 3_600_000, 'Europe/Berlin', 'en')).toBe('18:37–19:37');
    expect(formatTimeRange(AT, null, 'Europe/Berlin', 'en')).toBe('18:37–…');
  });

  it('keeps typed text that is not a clock time', () => {
    expect(formatClockText('soon', 'en')).toBe('soon');
  });

  it('writes money with the store’s currency', () => {
    expect(formatMoney(1234.5, 'USD', 'en')).toBe('$1,234.50');
    expect(formatMoney(12, 'EUR', 'de').replace(/\s/gu, ' ')).toBe('12,00 €');
    expect(formatMoney(12, 'EUR', 'fa')).toContain('۱۲');
    expect(formatMoney(3, 'ZZZ1', 'en')).toBe('3 ZZZ1');
    expect(formatMoney(3, 'ZZZ1', 'en')).toBe('3 ZZZ1');
  });

  it('keeps one formatter per locale and options, never mixing them up', () => {
    for (let round = 0; round < 2; round++) {
      expect(formatMoney(5, 'USD', 'en')).toBe('$5.00');
      expect(formatMoney(5, 'EUR', 'en')).toBe('€5.00');
      expect(formatNumber(1.2345, 'en')).toBe('1.23');
      expect(formatNumber(1.2345, 'en', 0)).toBe('1');
      expect(formatNumber(1.5, 'fa', 1)).toBe('۱٫۵');
    }
  });

  it('formats running durations', () => {
    expect(formatElapsed(3_723_000, 'en')).toBe('1:02:03');
    expect(formatElapsed(-5, 'en')).toBe('0:00:00');
  });
});
