/**
 * Going offline in a spec that allows service workers (`test.use({ serviceWorkers: "allow" })`):
 * `context.setOffline` also cuts the service worker's own network, so a page goes offline only once a worker
 * controls it, or its offline reload would find nothing cached to answer with.
 */
import type { BrowserContext, Page } from "@playwright/test";

// The browser's service worker API inside page.evaluate(): e2e is type-checked in one program with the API,
// where the DOM library would clash with Deno's types.
// deno-lint-ignore no-explicit-any
declare const navigator: any;

/** Resolves once a service worker controls the page (installed, activated and claimed it). */
export async function controlledByServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (navigator.serviceWorker.controller) return;
    await new Promise((resolve) =>
      navigator.serviceWorker.addEventListener("controllerchange", resolve, { once: true })
    );
  });
}

/** Takes the browser context offline once a service worker controls `page` (back: `context.setOffline(false)`). */
export async function goOffline(context: BrowserContext, page: Page): Promise<void> {
  await controlledByServiceWorker(page);
  await context.setOffline(true);
}
