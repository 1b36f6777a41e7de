/*
 * CheatMarket's service worker (issue 37 item 4). It keeps the app's hashed files (the shell) for repeat visits
 * and offline starts, answers a page that cannot load with the offline page, and never stores an API response,
 * a socket or an image address: those carry members' private data or change underneath us.
 */
const CACHE = 'cm-shell-v1';
const OFFLINE = '/offline.html';
const PRECACHE = [OFFLINE, '/icons/icon-192.png', '/favicon.svg'];
/** Hashed files kept at most; a deploy adds new ones under the same worker, so the oldest go first. */
const MAX_ASSETS = 80;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(PRECACHE))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key !== CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

async function trim(cache) {
  const keys = (await cache.keys()).filter((request) => new URL(request.url).pathname.startsWith('/assets/'));
  await Promise.all(keys.slice(0, Math.max(0, keys.length - MAX_ASSETS)).map((key) => cache.delete(key)));
}

async function fromCacheFirst(request) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(request);
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok) {
    await cache.put(request, response.clone());
    await trim(cache);
  }
  return response;
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    event.respondWith(fetch(request).catch(() => caches.match(OFFLINE)));
    return;
  }
  // Content-hashed: the same address never changes, so the cached copy is always right.
  if (url.pathname.startsWith('/assets/')) event.respondWith(fromCacheFirst(request));
});

// Web Push: the server sends { title, body, url, tag } encrypted for this browser (modules/push).
self.addEventListener('push', (event) => {
  let message = { title: 'CheatMarket', body: '', url: '/', tag: undefined };
  try {
    message = { ...message, ...event.data.json() };
  } catch {
    // A push without a readable body still says something arrived.
  }
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body,
      tag: message.tag,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { url: message.url },
    }),
  );
});

// A click opens the notification's page in a CheatMarket tab already open, or a new one; only our own origin.
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(event.notification.data?.url ?? '/', self.location.origin);
  const url = target.origin === self.location.origin ? target.href : self.location.origin;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((tabs) => {
      const tab = tabs.find((client) => new URL(client.url).origin === self.location.origin);
      if (tab) return tab.navigate(url).then((client) => (client ?? tab).focus());
      return self.clients.openWindow(url);
    }),
  );
});
