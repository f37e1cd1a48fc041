/**
 * Liveness (no I/O, cheap enough to benchmark against a bare server) and readiness (the database answers).
 * Readiness answers within a second either way, so that a probe never hangs with the database: 503
 * DATABASE_UNAVAILABLE when the database is down or slower than that (docs/decisions/0016-database-outages.md).
 */
import { Hono } from "hono";
import { z } from "zod";
import { allow } from "../lib/access.ts";
import type { AppEnv } from "../lib/context.ts";
import { databaseUnavailable } from "../lib/errors.ts";
import { describe } from "../lib/route.ts";
import { BASELINE_HEADERS } from "../lib/security-headers.ts";

const Health = z.object({ status: z.literal("ok") });

/** Half the second a probe is promised: the rest is room for a busy machine and the answer itself. */
export const READY_WITHIN_MS = 500;

/** Mounted before every middleware: probes call it constantly and it must cost next to nothing. */
export const livenessRoutes = new Hono<AppEnv>()
  .get(
    "/health",
    allow("public"),
    describe({
      summary: "Liveness: the process answers (no I/O; only the baseline security headers)",
      tags: ["Health"],
      response: Health,
    }),
    (c) => c.json({ status: "ok" as const }, 200, BASELINE_HEADERS),
  )
  .get(
    "/health/live",
    allow("public"),
    describe({
      summary: "Liveness for an orchestrator: the process is up (no I/O; restart it when this fails)",
      tags: ["Health"],
      response: Health,
    }),
    (c) => c.json({ status: "ok" as const }, 200, BASELINE_HEADERS),
  );

export const readinessRoutes = new Hono<AppEnv>()
  .get(
    "/health/ready",
    allow("public"),
    describe({
      summary: "Readiness: the database answers (within a second, or 503)",
      tags: ["Health"],
      response: Health,
    }),
    async (c) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const answered = await Promise.race([
        c.var.deps.database.query("select 1").then(() => true, () => false),
        new Promise<false>((resolve) => timer = setTimeout(() => resolve(false), READY_WITHIN_MS)),
      ]);
      clearTimeout(timer);
      if (!answered) throw databaseUnavailable();
      return c.json({ status: "ok" as const }, 200);
    },
  );
