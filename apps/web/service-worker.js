// Knower's service worker: the app shell offline, and the share target. Built by vite.config.ts,
// which fills in the release's file list; API answers are never cached (they must be current).
/* global self, caches, fetch, Response, URL */
const PRECACHE = self.__KNOWER_PRECACHE__;
const CACHE = `knower-shell-${self.__KNOWER_VERSION__}`;

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
      .then((keys) => Promise.all(keys.filter((key) => key.startsWith('knower-shell-') && key !== CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

const isShellAsset = (url) => url.pathname.startsWith('/static/') || url.pathname.startsWith('/icons/') || url.pathname === '/manifest.webmanifest';

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  // Only GETs are ever answered here. Every write, the share target's POST /share included,
  // goes to the network as the browser made it: re-sent from this worker it would leave as a
  // same-origin request of the app (cookie and all) whoever started it, and a form on any web
  // page could then file updates. Untouched, it keeps the browser's own Origin and
  // Sec-Fetch-Site, and core tells a launch from the phone's share sheet from a page's post.
  if (request.method !== 'GET') return;
  // Pages: the network first (a new release, the sign-in redirect), the cached shell offline.
  // Top-level ones only: re-sent from here a navigation loses its destination, and core must
  // still see a frame's as a frame's. A page on another port of this machine is the same site,
  // so its frames are this worker's clients: framing /vault/search in a loop must stay refused.
  if (request.mode === 'navigate' && request.destination === 'document') {
    return event.respondWith(fetch(request).catch(() => caches.match('/', { cacheName: CACHE }).then((page) => page ?? Response.error())));
  }
  // Hashed assets never change: the cache first. Everything else (the API) goes to the network untouched.
  if (isShellAsset(url)) event.respondWith(caches.match(request, { cacheName: CACHE }).then((hit) => hit ?? fetch(request)));
});
