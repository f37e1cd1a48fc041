/**
 * Workbox manifest transform for vite-plugin-pwa (injectManifest): the service worker's precache (everything a
 * first visit downloads for offline use) must stay at or under 2 MiB in total. Prints the figure on one line
 * and fails the build when it is over. (Workbox itself only limits single files:
 * `maximumFileSizeToCacheInBytes`.)
 */

export const PRECACHE_BUDGET_BYTES = 2 * 1024 * 1024;

/** The part of a Workbox manifest entry this reads (workbox-build's ManifestEntry with its size). */
export interface SizedEntry {
  url: string;
  size: number;
}

export function precacheBytes(entries: readonly SizedEntry[]): number {
  return entries.reduce((sum, entry) => sum + entry.size, 0);
}

/** Throws when over budget; returns the one-line summary otherwise. */
export function checkPrecache(entries: readonly SizedEntry[], budget = PRECACHE_BUDGET_BYTES): string {
  const bytes = precacheBytes(entries);
  const line = `precache ${entries.length} files, ${(bytes / 1024).toFixed(1)} KiB (budget ${
    (budget / 1024).toFixed(0)
  } KiB)`;
  if (bytes > budget) {
    const largest = [...entries].sort((a, b) => b.size - a.size).slice(0, 5)
      .map((entry) => `${entry.url} ${(entry.size / 1024).toFixed(1)} KiB`).join(", ");
    throw new Error(
      `${line}: over budget by ${((bytes - budget) / 1024).toFixed(1)} KiB; largest: ${largest}`,
    );
  }
  return line;
}

/** For `injectManifest.manifestTransforms`. */
export function precacheBudget(budget = PRECACHE_BUDGET_BYTES) {
  return <T extends SizedEntry>(entries: T[]) => {
    console.info(checkPrecache(entries, budget));
    return Promise.resolve({ manifest: entries, warnings: [] as string[] });
  };
}
