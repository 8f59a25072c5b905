import { describe, expect, it } from 'vitest';
import type { NotificationSettings } from '../types/notificationSettings';
import { channelChange, quietHoursChange, waysOf } from './changes';

const settings = (over: Partial<NotificationSettings> = {}): NotificationSettings => ({
  kinds: [
    { kind: 'newshift', mail: true, push: true },
    { kind: 'message', mail: false, push: true },
  ],
  quietHours: { from: '22:00', until: '07:00', timeZone: 'Europe/Berlin' },
  ...over,
});

describe('a channel change', () => {
  it('names only its kind, with both channels, and sends the quiet hours along unchanged', () => {
    const { next, change } = channelChange(settings(), 'newshift', 'mail', false);
    expect(change).toEqual({
      kinds: { newshift: { mail: false, push: true } },
      quietHours: { from: '22:00', until: '07:00', timeZone: 'Europe/Berlin' },
    });
    expect(waysOf(next, 'newshift')).toEqual({ mail: false, push: true });
    expect(waysOf(next, 'message')).toEqual({ mail: false, push: true });
  });

  it('keeps no quiet hours as none', () => {
    expect(channelChange(settings({ quietHours: null }), 'message', 'push', false).change).toEqual({
      kinds: { message: { mail: false, push: false } },
      quietHours: null,
    });
  });
});

describe('a quiet hours change', () => {
  it('replaces the quiet hours and leaves every kind as it is', () => {
    const quiet = { from: '23:30', until: '06:00', timeZone: 'Asia/Tehran' };
    const { next, change } = quietHoursChange(settings(), quiet);
    expect(change).toEqual({ quietHours: quiet });
    expect(next).toEqual({ ...settings(), quietHours: quiet });
    expect(quietHoursChange(settings(), null).change).toEqual({ quietHours: null });
  });
});
