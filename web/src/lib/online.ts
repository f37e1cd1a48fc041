/**
 * Whether the browser has a network, as a signal (the `online`/`offline` events). Actions that cannot work
 * offline (checkout, adding a card, buying a membership) are disabled with `OFFLINE_REASON` beside them.
 */
import { signal } from "@preact/signals-react";

export const online = signal(typeof navigator === "undefined" ? true : navigator.onLine);

if (typeof globalThis.addEventListener === "function") {
  globalThis.addEventListener("online", () => (online.value = true));
  globalThis.addEventListener("offline", () => (online.value = false));
}

export const OFFLINE_REASON = "You are offline. This needs a connection; try again when you have a signal.";
