// Knower's service worker: the app shell offline, and the share target. Built by vite.config.ts,
// which fills in the release's file list; API answers are never cached (they must be current).
/* global self, caches, fetch, Response, URL */
const PRECACHE = self.__KNOWER_PRECACHE__;
const CACHE = `knower-shell-${self.__KNOWER_VERSION__}`;

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(PRECACHE)).then(() => self.skipWaiting()));
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
  if (request.method === 'POST' && url.pathname === '/share') return event.respondWith(forwardShare(request));
  if (request.method !== 'GET') return;
  // Pages: the network first (a new release, the sign-in redirect), the cached shell offline.
  if (request.mode === 'navigate') {
    return event.respondWith(fetch(request).catch(() => caches.match('/', { cacheName: CACHE }).then((page) => page ?? Response.error())));
  }
  // Hashed assets never change: the cache first. Everything else (the API) goes to the network untouched.
  if (isShellAsset(url)) event.respondWith(caches.match(request, { cacheName: CACHE }).then((hit) => hit ?? fetch(request)));
});

/**
 * The phone's share sheet opens the installed app with a POST to /share. Browsers send that
 * navigation without the app's Origin (Sec-Fetch-Site "none", sometimes Origin "null"), which
 * core rightly refuses for any write; re-sent from here it is a same-origin request of the app.
 */
async function forwardShare(request) {
  const back = (query) => Response.redirect(`/?${query}#/activity`, 303);
  try {
    const form = await request.formData();
    const response = await fetch('/share', { method: 'POST', body: form, headers: { Accept: 'application/json' } });
    const body = await response.json().catch(() => ({}));
    if (response.ok && body.id) return back(`shared=${encodeURIComponent(body.id)}`);
    return back(`share_error=${encodeURIComponent(body.message || `Knower answered HTTP ${response.status}.`)}`);
  } catch {
    return back(`share_error=${encodeURIComponent('Knower could not be reached, so nothing was sent. Share it again once the service is running.')}`);
  }
}
