/**
 * /api/metrics: Prometheus text for the host's monitoring, behind the bearer token METRICS_TOKEN (request
 * counts and latencies name routes and volumes a stranger has no business reading). Off when the token is unset.
 */
import { Hono } from "hono";
import { allow } from "../lib/access.ts";
import type { AppEnv } from "../lib/context.ts";
import { AppError } from "../lib/errors.ts";
import { renderQueueMetrics } from "../lib/metrics.ts";
import { describe } from "../lib/route.ts";

export const metricsRoutes = new Hono<AppEnv>()
  .get(
    "/metrics",
    allow("public"),
    describe({
      summary: "Prometheus metrics (text format), with `Authorization: Bearer <METRICS_TOKEN>`",
      tags: ["Health"],
      errors: { 401: "Missing or wrong token", 404: "METRICS_TOKEN is not set" },
    }),
    async (c) => {
      const { deps } = c.var;
      const expected = deps.config.metricsToken;
      if (!expected) throw new AppError("NOT_FOUND", "Metrics are turned off (METRICS_TOKEN is not set).");
      const given = c.req.header("Authorization")?.replace(/^Bearer /, "") ?? "";
      if (!(await sameSecret(given, expected))) {
        throw new AppError("UNAUTHENTICATED", "A valid metrics token is required.");
      }
      // Every worker's request metrics and session cache (decision 0094), then the database's gauges.
      const text =
        await deps.metrics.renderEveryWorker(() => deps.metrics.render() + deps.sessionCache.render()) +
        await renderQueueMetrics(deps.database.db, deps.now());
      return c.text(text, 200, { "Content-Type": "text/plain; version=0.0.4; charset=utf-8" });
    },
  );

/** Compares digests, so the time taken tells nothing about how much of the token was right. */
async function sameSecret(a: string, b: string): Promise<boolean> {
  const digest = async (v: string) =>
    new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(v)));
  const [x, y] = await Promise.all([digest(a), digest(b)]);
  return x.every((byte, i) => byte === y[i]);
}
