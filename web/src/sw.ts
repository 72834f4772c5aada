/// <reference lib="webworker" />
/**
 * The service worker, served as `/sw.js` with scope '/' (vite-plugin-pwa builds it with the
 * `injectManifest` strategy). Workbox precaches the build and answers it from the cache, so repeat
 * visits load without the network; the API, `/version.json` and the live stream are never
 * touched. The rest is ours: web push (show, click), the update messages (`SKIP_WAITING`,
 * `CHECK_UPDATE`) and the removal of caches of other versions.
 */
// First: zod (the push payload's schema) must not probe for eval under the worker's CSP.
import './lib/zod-without-eval';
import { setCacheNameDetails } from 'workbox-core';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CACHE_PREFIX, CACHE_SUFFIX, CACHE_VERSION, CHECK_UPDATE, isServiceWorkerMessage, SKIP_WAITING } from './lib/service-worker-messages';
import { staleCacheNames } from './service-worker/cache-cleanup';
import { SERVER_NAVIGATIONS } from './service-worker/navigation';
import { clickTarget, notificationFromPush } from './service-worker/push-notification';

declare let self: ServiceWorkerGlobalScope & { readonly __WB_MANIFEST: (PrecacheEntry | string)[] };

// Cache names carry the product prefix and the cache version: `silverboard-precache-v1.0.5b`.
setCacheNameDetails({ prefix: CACHE_PREFIX, suffix: CACHE_SUFFIX });
cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

/**
 * Every page of the app is index.html (client-side routes), served from the precache with the
 * headers the server sent it with (its Content-Security-Policy included). Paths the server answers
 * itself are left to the network: the API (including the SSE stream and calendar.ics), the
 * version file, and files by name.
 */
async function servePage({ request }: { readonly request: Request }): Promise<Response> {
  return (await matchPrecache('/index.html')) ?? fetch(request);
}

registerRoute(
  new NavigationRoute(servePage, {
    denylist: [...SERVER_NAVIGATIONS],
  }),
);

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches.keys().then((names) => Promise.all(staleCacheNames(names, CACHE_PREFIX, CACHE_VERSION).map((name) => caches.delete(name)))),
  );
});

self.addEventListener('message', (event) => {
  if (!isServiceWorkerMessage(event.data)) return;
  switch (event.data.type) {
    case SKIP_WAITING:
      void self.skipWaiting();
      break;
    case CHECK_UPDATE:
      // A failed check (offline, server down) is ignored: the next one comes (spec section 8).
      event.waitUntil(self.registration.update().catch(() => undefined));
      break;
  }
});

self.addEventListener('push', (event) => {
  const { title, options } = notificationFromPush(event.data ? event.data.text() : null);
  event.waitUntil(self.registration.showNotification(title, options));
});

/** Focuses a window already on the page, or opens one. */
async function openPage(url: string): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => client.url === url);
  if (open) {
    await open.focus();
    return;
  }
  await self.clients.openWindow(url);
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(openPage(clickTarget(event.notification.data, event.action, self.location.origin)));
});
