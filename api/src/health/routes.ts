/**
 * Liveness (no I/O, cheap enough to benchmark against a bare server) and readiness (the database answers and
 * holds every migration this process knows: a replica of a newer release is not ready on an older schema).
 * Readiness answers within a second either way, so that a probe never hangs with the database: 503
 * DATABASE_UNAVAILABLE when the database is down or slower than that (docs/decisions/0016-database-outages.md).
 */
import { Hono } from "hono";
import { z } from "zod";
import { allow } from "../lib/access.ts";
import type { AppEnv } from "../lib/context.ts";
import { AppError, databaseUnavailable } from "../lib/errors.ts";
import { describe } from "../lib/route.ts";
import { BASELINE_HEADERS } from "../lib/security-headers.ts";
import { readMigrations } from "../db/migrate.ts";
import type { Database } from "../db/client.ts";

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

const LIVENESS_PATHS = new Set(["/api/health", "/api/health/live"]);
const LIVENESS_BODY = JSON.stringify({ status: "ok" });
const LIVENESS_HEADERS: [string, string][] = [
  ["Content-Type", "application/json"],
  ...Object.entries(BASELINE_HEADERS),
];

/**
 * The liveness routes' answer, given before Hono routes the request (app.ts): the same status, body and
 * headers as the routes above, at about a bare server's cost (docs/benchmarks.md). Undefined for any other
 * request, a query string included, which Hono then routes as usual.
 */
export function answerLiveness(request: Request): Response | undefined {
  if (request.method !== "GET") return undefined;
  const url = request.url;
  const path = url.indexOf("/", url.indexOf("://") + 3);
  if (path < 0 || !LIVENESS_PATHS.has(url.slice(path))) return undefined;
  return new Response(LIVENESS_BODY, { status: 200, headers: LIVENESS_HEADERS });
}

export const readinessRoutes = new Hono<AppEnv>()
  .get(
    "/health/ready",
    allow("public"),
    describe({
      summary: "Readiness: the database answers and is migrated (within a second, or 503)",
      tags: ["Health"],
      response: Health,
      errors: { 503: "The database is unavailable, or lacks a migration this process needs" },
    }),
    async (c) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const answered = await Promise.race([
        isMigrated(c.var.deps.database).then((migrated) => migrated ? "ok" : "behind", () => false),
        new Promise<false>((resolve) => timer = setTimeout(() => resolve(false), READY_WITHIN_MS)),
      ]);
      clearTimeout(timer);
      if (!answered) throw databaseUnavailable();
      if (answered === "behind") {
        throw new AppError("DATABASE_NOT_MIGRATED", "The database lacks migrations this server needs.");
      }
      return c.json({ status: "ok" as const }, 200);
    },
  );

/** The sql/ files this process was built with: read once, they do not change while it runs. */
let known: Promise<number> | undefined;

/** Whether every migration this process knows is applied (one indexed count a probe). */
async function isMigrated(database: Database): Promise<boolean> {
  known ??= readMigrations().then((files) => files.length);
  const [row] = await database.query<{ n: number }>("select count(*)::int as n from schema_migrations");
  return row.n >= await known;
}
