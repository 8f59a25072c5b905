import type { ApiClient } from '@/modules/api/client';
import { SERVICE_WORKER_URL } from '@/modules/pwa/utils/serviceWorkerUrl';
import { base64UrlToUint8Array, sameBytes } from './base64url';

// The app's service worker shows pushed notifications too (`public/push-sw.js`).
export { SERVICE_WORKER_URL };

/** Whether this browser gets push notifications from the app. */
export type PushStatus = 'unsupported' | 'blocked' | 'off' | 'on';

/** True when the browser has service workers, the Push API and notifications. */
export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    typeof navigator !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

async function existingRegistration(): Promise<ServiceWorkerRegistration | undefined> {
  return navigator.serviceWorker.getRegistration(SERVICE_WORKER_URL);
}

/** This browser's push subscription, if it has one. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const registration = await existingRegistration();
  return registration ? registration.pushManager.getSubscription() : null;
}

/** Where this browser stands: subscribed, blocked by the user, or neither. */
export async function pushStatus(): Promise<PushStatus> {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'blocked';
  if (Notification.permission !== 'granted') return 'off';
  return (await currentSubscription()) ? 'on' : 'off';
}

/** Tells the server that this browser receives the user's notifications of the store. */
export async function saveSubscription(api: ApiClient, storeId: string, subscription: PushSubscription) {
  // The spec sends the subscription as text: the JSON of the browser's PushSubscription.
  await api.call('saveSubscription', { store: storeId, subscription: JSON.stringify(subscription) });
}

/**
 * Asks for permission, subscribes this browser with the server's VAPID key and saves the
 * subscription for the store. Answers the resulting status.
 */
export async function turnOnPush(api: ApiClient, storeId: string): Promise<PushStatus> {
  if (!pushSupported()) return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission === 'denied') return 'blocked';
  if (permission !== 'granted') return 'off';
  const { publicKey } = await api.call('getPublicVapidKey', {});
  const key = base64UrlToUint8Array(publicKey);
  const registration = (await existingRegistration()) ?? (await navigator.serviceWorker.register(SERVICE_WORKER_URL));
  // Subscribing needs an active worker.
  await navigator.serviceWorker.ready;
  let subscription = await registration.pushManager.getSubscription();
  if (subscription && !sameBytes(subscription.options.applicationServerKey, key)) {
    // Made with a key the server no longer has: it could never receive a push.
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  await saveSubscription(api, storeId, subscription);
  return 'on';
}

/** Unsubscribes this browser and tells the server so. */
export async function turnOffPush(api: ApiClient, storeId: string | null): Promise<PushStatus> {
  const subscription = await currentSubscription();
  if (!subscription) return (await pushStatus());
  const { endpoint } = subscription;
  await subscription.unsubscribe();
  if (storeId) await api.call('deleteSubscription', { store: storeId, endpoint });
  return 'off';
}

/**
 * Unsubscribes this browser without telling the server (at sign-out the session is gone):
 * the push service then answers 410 for it and the server forgets it. Never throws.
 */
export async function dropPushSubscription(): Promise<void> {
  try {
    await (await currentSubscription())?.unsubscribe();
  } catch {
    // Nothing to undo: the browser keeps no subscription it cannot use.
  }
}
