// Cross-origin isolation for static hosting that cannot send headers (GitHub Pages and the like), used by the
// studio's static build (`pnpm --filter @fieldmarshal/studio build:static`). The idea is that of
// coi-serviceworker (Guido Zuidhof): a service worker may answer the page's requests itself, so it can add the
// two isolation headers to every same-origin response; once it controls the page, `crossOriginIsolated` is
// true and SharedArrayBuffer exists. This file is both halves: loaded by the page as a classic script it
// registers itself and reloads once; run as the service worker it rewrites the responses.
/* global self, window, document, navigator, sessionStorage, location */
const RELOADED = 'fieldmarshal-isolation-reloaded';

if (typeof window === 'undefined') {
  self.addEventListener('install', () => self.skipWaiting());
  self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));
  self.addEventListener('fetch', (event) => {
    const request = event.request;
    // Only same-origin requests: cross-origin ones keep their own headers (and must allow embedding).
    if (new URL(request.url).origin !== self.location.origin) return;
    if (request.cache === 'only-if-cached' && request.mode !== 'same-origin') return;
    event.respondWith(
      fetch(request).then((response) => {
        if (response.status === 0) return response;
        const headers = new Headers(response.headers);
        headers.set('Cross-Origin-Opener-Policy', 'same-origin');
        headers.set('Cross-Origin-Embedder-Policy', 'require-corp');
        return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
      }),
    );
  });
} else if (window.crossOriginIsolated) {
  sessionStorage.removeItem(RELOADED);
} else if (window.isSecureContext && 'serviceWorker' in navigator) {
  // Reload once the worker controls the page; only once per tab session, so a host that breaks the worker
  // leaves the page running without shared memory (the studio then computes on the main thread) instead of
  // reloading for ever.
  const reloadOnce = () => {
    if (sessionStorage.getItem(RELOADED)) return;
    sessionStorage.setItem(RELOADED, '1');
    location.reload();
  };
  navigator.serviceWorker.register(document.currentScript.src).then(
    () => {
      if (navigator.serviceWorker.controller) reloadOnce();
      else navigator.serviceWorker.addEventListener('controllerchange', reloadOnce);
    },
    (error) => console.warn('isolation service worker not registered:', error),
  );
}
