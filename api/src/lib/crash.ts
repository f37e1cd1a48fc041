/**
 * Crash points for the money path's crash test (orders/crash.test.ts): with APCA_CRASH_AT=<point> outside
 * production (config.recovery.crashAt), the process kills itself with SIGKILL when a payment reaches that
 * point, as a power cut or an out-of-memory kill would. Nothing runs after it: no finally, no clean shutdown.
 */
import type { Config } from "../config.ts";

/** The steps of a payment, in order (orders/pay.ts). */
export const CRASH_POINTS = [
  /** The pending order is committed; the processor has not been called. */
  "after-pending",
  /** The processor has charged; the outcome is not recorded. */
  "after-charge",
  /** The outcome and what it bought are committed; the answer is not sent (nor stored for the key). */
  "after-settle",
] as const;

export type CrashPoint = typeof CRASH_POINTS[number];

export function crashPoint(config: Config, point: CrashPoint): void {
  if (config.production || config.recovery.crashAt !== point) return;
  console.error(JSON.stringify({ level: "error", event: "crash_point", point }));
  Deno.kill(Deno.pid, "SIGKILL");
}
