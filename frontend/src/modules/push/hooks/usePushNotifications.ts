import { useCallback, useEffect, useState } from 'react';
import { useApi } from '@/modules/auth/hooks/useApi';
import { useCurrentStore } from '@/modules/stores/hooks/useCurrentStore';
import { currentSubscription, pushStatus, saveSubscription, turnOffPush, turnOnPush, type PushStatus } from '../utils/webPush';

/** This browser's push notifications for the current store: their status and the switch. */
export function usePushNotifications() {
  const api = useApi();
  const { storeId } = useCurrentStore();
  const [status, setStatus] = useState<PushStatus | 'loading'>('loading');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    void pushStatus()
      .catch((): PushStatus => 'off')
      .then((next) => {
        if (live) setStatus(next);
      });
    return () => {
      live = false;
    };
  }, []);

  // A subscribed browser is saved for whichever store is current, so the server knows it there
  // too (saving again changes nothing).
  useEffect(() => {
    if (status !== 'on' || !storeId) return;
    void currentSubscription()
      .then((subscription) => (subscription ? saveSubscription(api, storeId, subscription) : undefined))
      .catch(() => undefined);
  }, [api, status, storeId]);

  const run = useCallback(async (action: () => Promise<PushStatus>) => {
    setBusy(true);
    try {
      const next = await action();
      setStatus(next);
      return next;
    } finally {
      setBusy(false);
    }
  }, []);

  /** Answers the new status; without a current store nothing changes. */
  const turnOn = useCallback(
    async () => (storeId ? run(() => turnOnPush(api, storeId)) : status),
    [run, api, storeId, status],
  );
  const turnOff = useCallback(() => run(() => turnOffPush(api, storeId)), [run, api, storeId]);

  return { status, busy, hasStore: Boolean(storeId), turnOn, turnOff };
}
