/**
 * Registers the service worker (/sw.js, built from src/sw.ts) in production builds only: in development Vite
 * serves modules that change on every edit, and a precache would only serve stale ones.
 *
 * Updates: a new worker installs in the background and waits; `updateReady` turns true and the update prompt
 * offers "Reload". `applyUpdate()` lets the waiting worker take over and reloads the page once it controls it,
 * so a page never runs half old, half new code. New versions are looked for every hour and whenever the tab
 * becomes visible again. workbox-window is loaded only here, in its own chunk.
 */
import { signal } from "@preact/signals-react";
import type { Workbox } from "workbox-window";

const UPDATE_CHECK_MS = 60 * 60 * 1000;

/** True once a new version is installed and waiting for the page's consent. */
export const updateReady = signal(false);

let workbox: Workbox | undefined;

export async function registerServiceWorker(): Promise<void> {
  if (!import.meta.env.PROD || !("serviceWorker" in navigator) || workbox) return;
  const { Workbox } = await import("workbox-window");
  const wb = new Workbox("/sw.js", { scope: "/" });
  workbox = wb;
  wb.addEventListener("waiting", () => {
    updateReady.value = true;
  });
  await wb.register();
  // Offline or a server hiccup: the next check will try again.
  const check = () => void wb.update().catch(() => {});
  setInterval(check, UPDATE_CHECK_MS);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") check();
  });
}

/**
 * Activates the waiting version, then reloads the page under it. When there is no waiting worker any more
 * (another tab already took the update), the reload alone brings this page up to date.
 */
export async function applyUpdate(): Promise<void> {
  const wb = workbox;
  const registration = await navigator.serviceWorker?.getRegistration();
  if (!wb || !registration?.waiting) {
    globalThis.location.reload();
    return;
  }
  wb.addEventListener("controlling", () => globalThis.location.reload());
  wb.messageSkipWaiting();
}
