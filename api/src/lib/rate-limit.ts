/**
 * Fixed-window counters kept in memory. One server process is the deployment unit today; a second process
 * would need a shared store (noted in docs/decisions/0002-sessions-and-roles.md).
 */
export interface RateLimiter {
  /** Counts one attempt for `key`; returns seconds to wait when the limit is exceeded, else 0. */
  hit(key: string): number;
  reset(key: string): void;
}

export function fixedWindow(limit: number, windowSeconds: number, now = () => Date.now()): RateLimiter {
  const windows = new Map<string, { start: number; count: number }>();
  return {
    hit(key) {
      const t = now();
      let w = windows.get(key);
      if (!w || t - w.start >= windowSeconds * 1000) {
        w = { start: t, count: 0 };
        windows.set(key, w);
        if (windows.size > 50_000) pruneExpired(windows, t, windowSeconds);
      }
      w.count++;
      return w.count > limit ? Math.ceil((w.start + windowSeconds * 1000 - t) / 1000) : 0;
    },
    reset: (key) => void windows.delete(key),
  };
}

function pruneExpired(windows: Map<string, { start: number }>, t: number, windowSeconds: number) {
  for (const [key, w] of windows) if (t - w.start >= windowSeconds * 1000) windows.delete(key);
}
