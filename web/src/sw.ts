/// <reference lib="webworker" />
/**
 * The service worker (vite-plugin-pwa, strategy injectManifest; built to dist/sw.js). See
 * docs/decisions/0013-service-worker.md.
 *
 * - Precache: the build replaces `self.__WB_MANIFEST` with the app shell (index.html, every JS and CSS file,
 *   icons, the web manifest) and their revisions; a new deploy installs the changed files next to the old ones.
 * - Navigations to client routes (/app/account, /verify/…) answer the precached index.html, so the app opens
 *   offline. Never /api/* (the server answers those, or the request fails offline and the app falls back to
 *   IndexedDB) nor /dev/* (server-rendered development pages).
 * - Nothing else is routed: API answers are never cached here. Offline data lives in IndexedDB (web/src/offline).
 * - Updates wait: a new worker stays `waiting` until the page (pwa/register.ts, after the user chose "Reload")
 *   sends {type: "SKIP_WAITING"}; on activate it claims the open pages so the first install controls the page
 *   without a reload.
 *
 * Types: `deno check web/src/` checks this file in the same program as the DOM code; TypeScript 6's dom and
 * webworker libs load together, so the reference above is enough and `self` is re-declared for this module.
 */
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from "workbox-precaching";
import type { PrecacheEntry } from "workbox-precaching";
import { NavigationRoute, registerRoute } from "workbox-routing";
import { replayFromWorker, SYNC_TAG } from "./offline/worker-sync.ts";

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Paths the server answers itself, online only: the API and the development pages (/dev/mail).
// (No `export` in this file: it is registered as a classic script.)
const NOT_APP_SHELL = [/^\/api(?:\/|$)/, /^\/dev(?:\/|$)/];

registerRoute(new NavigationRoute(createHandlerBoundToURL("/index.html"), { denylist: NOT_APP_SHELL }));

self.addEventListener("message", (event: ExtendableMessageEvent) => {
  if (event.data?.type === "SKIP_WAITING") void self.skipWaiting();
});

self.addEventListener("activate", (event: ExtendableEvent) => {
  event.waitUntil(self.clients.claim());
});

// Background Sync (the offline outbox, web/src/offline): when the browser fires the outbox's sync, which it does
// once the network is back even if the app is closed, replay the queued membership changes. A rejection makes
// the browser try again later (with its own backoff).
self.addEventListener("sync", (event: Event) => {
  const sync = event as ExtendableEvent & { tag: string };
  if (sync.tag === SYNC_TAG) sync.waitUntil(replayFromWorker(self.clients));
});
