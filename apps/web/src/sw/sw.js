/* global self, caches, Response, __BROOK_PRECACHE__ */
/* Brook's service worker: the app shell offline (issue 5). Generated into dist/sw.js at build
 * time by vitePlugin.ts, which fills in the build's files and version. The API is never cached
 * here: offline data comes from the local database, not from HTTP caches. */
const VERSION = '__BROOK_VERSION__'
const PRECACHE = __BROOK_PRECACHE__
const CACHE = `brook-shell-${VERSION}`

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(PRECACHE))
      .then(() => self.skipWaiting()),
  )
})

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key.startsWith('brook-shell-') && key !== CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  )
})

self.addEventListener('fetch', (event) => {
  const request = event.request
  if (request.method !== 'GET') return
  const url = new URL(request.url)
  if (url.origin !== self.location.origin || url.pathname.startsWith('/api/')) return
  if (request.mode === 'navigate') {
    // Network first, so a new release shows at once; the cached shell when there is no network.
    event.respondWith(
      fetch(request)
        .then((response) => {
          if (response.ok) {
            const copy = response.clone()
            void caches.open(CACHE).then((cache) => cache.put('/index.html', copy))
          }
          return response
        })
        .catch(() => caches.match('/index.html').then((cached) => cached || Response.error())),
    )
    return
  }
  // Hashed build files never change: cache first.
  event.respondWith(caches.match(request).then((cached) => cached || fetch(request)))
})
