import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiClient } from '@/modules/api/client';
import { base64UrlToUint8Array } from './base64url';
import { dropPushSubscription, pushStatus, turnOffPush, turnOnPush } from './webPush';

const SERVER_KEY = 'BLn9b-VR0ca83knDNZ32dCHGyjJp-1riX9ZTN40MqV8K_LpQmLqxC_DoHvqvFXO_nGdAB4W9dogZb_sM-uV4JbY';

/** A browser's PushSubscription, as much of it as the app uses. */
class FakeSubscription {
  unsubscribed = false;
  constructor(
    readonly endpoint: string,
    readonly options: { applicationServerKey: ArrayBuffer },
    private readonly onUnsubscribe: () => void,
  ) {}
  async unsubscribe() {
    this.unsubscribed = true;
    this.onUnsubscribe();
    return true;
  }
  toJSON() {
    return { endpoint: this.endpoint, expirationTime: null, keys: { p256dh: 'BP', auth: 'AU' } };
  }
}

/** The browser: a service worker container, its push manager and the permission. */
function fakeBrowser(permission: NotificationPermission, answer: NotificationPermission = permission) {
  let current: FakeSubscription | null = null;
  let registered = false;
  let count = 0;
  const pushManager = {
    getSubscription: vi.fn(async () => current),
    subscribe: vi.fn(async (options: { userVisibleOnly: boolean; applicationServerKey: Uint8Array }) => {
      count += 1;
      const key = options.applicationServerKey.slice().buffer;
      current = new FakeSubscription(`https://push.example.com/send/${count}`, { applicationServerKey: key }, () => {
        current = null;
      });
      return current;
    }),
  };
  const registration = { pushManager };
  const serviceWorker = {
    getRegistration: vi.fn(async () => (registered ? registration : undefined)),
    register: vi.fn(async () => {
      registered = true;
      return registration;
    }),
    ready: Promise.resolve(registration),
  };
  Object.defineProperty(navigator, 'serviceWorker', { value: serviceWorker, configurable: true });
  const notification = { permission, requestPermission: vi.fn(async () => answer) };
  vi.stubGlobal('Notification', notification);
  vi.stubGlobal('PushManager', function PushManager() {});
  return {
    pushManager,
    serviceWorker,
    notification,
    /** Makes the browser already subscribed with `key`. */
    subscribedWith(key: Uint8Array) {
      registered = true;
      current = new FakeSubscription('https://push.example.com/send/old', { applicationServerKey: key.slice().buffer }, () => {
        current = null;
      });
      return current;
    },
    current: () => current,
  };
}

/** An API client whose server records the calls and answers them. */
function fakeApi() {
  const calls: { name: string; body: Record<string, unknown> }[] = [];
  const fetcher = (async (url: string, init?: RequestInit) => {
    const name = String(url).split('/').pop() ?? '';
    calls.push({ name, body: JSON.parse(String(init?.body ?? '{}')) });
    const data = name === 'getPublicVapidKey' ? { publicKey: SERVER_KEY } : {};
    return { ok: true, status: 200, json: async () => ({ data }) } as Response;
  }) as typeof fetch;
  return { api: new ApiClient('/api/v1', () => 'token', () => {}, fetcher), calls };
}

beforeEach(() => {
  vi.unstubAllGlobals();
});

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('web push', () => {
  it('is unsupported without service workers and the Push API', async () => {
    expect(await pushStatus()).toBe('unsupported');
    const { api, calls } = fakeApi();
    expect(await turnOnPush(api, 's1')).toBe('unsupported');
    expect(calls).toEqual([]);
    await expect(dropPushSubscription()).resolves.toBeUndefined();
  });

  it('subscribes with the server key and saves the subscription as JSON text', async () => {
    const browser = fakeBrowser('default', 'granted');
    const { api, calls } = fakeApi();
    expect(await pushStatus()).toBe('off');

    expect(await turnOnPush(api, 's1')).toBe('on');
    expect(browser.serviceWorker.register).toHaveBeenCalledWith('/sw.js');
    const options = browser.pushManager.subscribe.mock.calls[0]?.[0];
    expect(options?.userVisibleOnly).toBe(true);
    expect([...(options?.applicationServerKey ?? [])]).toEqual([...base64UrlToUint8Array(SERVER_KEY)]);
    expect(calls.map((c) => c.name)).toEqual(['getPublicVapidKey', 'saveSubscription']);
    const saved = calls[1]?.body ?? {};
    expect(saved.store).toBe('s1');
    expect(typeof saved.subscription).toBe('string');
    expect(JSON.parse(String(saved.subscription))).toEqual({
      endpoint: 'https://push.example.com/send/1',
      expirationTime: null,
      keys: { p256dh: 'BP', auth: 'AU' },
    });
    browser.notification.permission = 'granted';
    expect(await pushStatus()).toBe('on');
  });

  it('asks nothing of the server when the user refuses', async () => {
    fakeBrowser('default', 'denied');
    const { api, calls } = fakeApi();
    expect(await turnOnPush(api, 's1')).toBe('blocked');
    expect(calls).toEqual([]);
  });

  it('replaces a subscription made with another key', async () => {
    const browser = fakeBrowser('granted');
    const old = browser.subscribedWith(new Uint8Array([4, 1, 2, 3]));
    const { api } = fakeApi();
    expect(await turnOnPush(api, 's1')).toBe('on');
    expect(old.unsubscribed).toBe(true);
    expect(browser.current()?.endpoint).toBe('https://push.example.com/send/1');

    // One made with the server key is kept.
    const again = fakeApi();
    expect(await turnOnPush(again.api, 's2')).toBe('on');
    expect(browser.pushManager.subscribe).toHaveBeenCalledTimes(1);
    expect(JSON.parse(String(again.calls[1]?.body.subscription)).endpoint).toBe('https://push.example.com/send/1');
  });

  it('unsubscribes and tells the server which endpoint to forget', async () => {
    const browser = fakeBrowser('granted');
    const sub = browser.subscribedWith(base64UrlToUint8Array(SERVER_KEY));
    const { api, calls } = fakeApi();
    expect(await pushStatus()).toBe('on');
    expect(await turnOffPush(api, 's1')).toBe('off');
    expect(sub.unsubscribed).toBe(true);
    expect(calls).toEqual([{ name: 'deleteSubscription', body: { store: 's1', endpoint: 'https://push.example.com/send/old' } }]);
    expect(await pushStatus()).toBe('off');
  });

  it('drops the subscription at sign-out without calling the server', async () => {
    const browser = fakeBrowser('granted');
    const sub = browser.subscribedWith(base64UrlToUint8Array(SERVER_KEY));
    await dropPushSubscription();
    expect(sub.unsubscribed).toBe(true);
  });
});
