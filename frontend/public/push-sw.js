// Web Push in the web app's service worker (`sw.js`, made by vite-plugin-pwa, imports this
// file): shows notifications the server pushes and opens their page when one is clicked. The
// server sends JSON: {title, body, tag, url, store}. Installing and activating are the
// generated worker's: a new version waits until the user reloads from the update prompt.

self.addEventListener('push', (event) => {
  let message = {};
  try {
    message = event.data ? event.data.json() : {};
  } catch {
    message = { body: event.data ? event.data.text() : '' };
  }
  event.waitUntil(
    self.registration.showNotification(message.title || 'Clockto', {
      body: message.body || '',
      // A later message with the same tag replaces this one instead of piling up.
      tag: message.tag,
      data: { url: message.url || '/', store: message.store },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(event.notification.data?.url || '/', self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) {
        await open.focus();
        if (open.url !== target && 'navigate' in open) {
          // Only windows this worker controls can be navigated; the focused one is enough otherwise.
          await open.navigate(target).catch(() => undefined);
        }
        return;
      }
      await self.clients.openWindow(target);
    })(),
  );
});
