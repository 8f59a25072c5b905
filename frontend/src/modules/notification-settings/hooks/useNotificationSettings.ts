import { useCallback, useEffect, useRef, useState } from 'react';
import { useApi } from '@/modules/auth/hooks/useApi';
import { useReportedCall } from '@/modules/snackbar/hooks/useReportedCall';
import type { Channel, NotificationKind, NotificationSettings, NotificationSettingsChange, QuietHours } from '../types/notificationSettings';
import { channelChange, quietHoursChange } from '../utils/changes';

/** A change as the screen shows it at once, and the call that saves it. */
interface Change {
  next: NotificationSettings;
  change: NotificationSettingsChange;
}

/**
 * The signed-in person's notification settings (`getNotificationSettings`, read once) and the
 * ways to change them. A change shows at once and is saved through `updateNotificationSettings`
 * in the order it was made: every call replaces the quiet hours, so an earlier call answered
 * late must not undo a later one. Once no save waits, the screen shows the server's last
 * answer, so a refused change turns back. Each save is reported in a snackbar; both changes
 * answer whether theirs was saved.
 */
export function useNotificationSettings() {
  const api = useApi();
  const { run } = useReportedCall();
  const [settings, setSettings] = useState<NotificationSettings | null>(null);
  const [error, setError] = useState<unknown>(null);
  // What the screen shows, which the next change starts from, and what the server said last.
  const shown = useRef<NotificationSettings | null>(null);
  const saved = useRef<NotificationSettings | null>(null);
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const waiting = useRef(0);

  const show = useCallback((next: NotificationSettings) => {
    shown.current = next;
    setSettings(next);
  }, []);

  useEffect(() => {
    let live = true;
    api.call('getNotificationSettings', {}).then(
      (loaded) => {
        if (!live) return;
        saved.current = loaded;
        show(loaded);
      },
      (e: unknown) => live && setError(e),
    );
    return () => {
      live = false;
    };
  }, [api, show]);

  const save = useCallback(
    async ({ next, change }: Change, done: string): Promise<boolean> => {
      show(next);
      waiting.current += 1;
      // `run` reports a failure and never throws, so the queue goes on after one.
      const sent = queue.current.then(() =>
        run(() => api.call('updateNotificationSettings', change), { key: 'notification-settings', done }),
      );
      queue.current = sent;
      const answer = await sent;
      if (answer) saved.current = answer.data;
      waiting.current -= 1;
      if (waiting.current === 0 && saved.current) show(saved.current);
      return answer !== null;
    },
    [api, run, show],
  );

  /** Turns one channel of one kind on or off. */
  const setChannel = useCallback(
    async (kind: NotificationKind, channel: Channel, on: boolean) =>
      shown.current ? save(channelChange(shown.current, kind, channel, on), 'notificationSettings.saved') : false,
    [save],
  );

  /** Saves quiet hours, or turns them off with `null`. */
  const saveQuietHours = useCallback(
    async (quietHours: QuietHours | null) =>
      shown.current
        ? save(quietHoursChange(shown.current, quietHours), quietHours ? 'notificationSettings.quiet.saved' : 'notificationSettings.quiet.turnedOff')
        : false,
    [save],
  );

  return { settings, error, setChannel, saveQuietHours };
}
