/** Liveness (no I/O, cheap enough to benchmark against a bare server) and readiness (the database answers). */
import { Hono } from "hono";
import { z } from "zod";
import { allow } from "../lib/access.ts";
import type { AppEnv } from "../lib/context.ts";
import { describe } from "../lib/route.ts";

const Health = z.object({ status: z.literal("ok") });

/** Mounted before every middleware: probes call it constantly and it must cost next to nothing. */
export const livenessRoutes = new Hono<AppEnv>()
  .get(
    "/health",
    allow("public"),
    describe({
      summary: "Liveness: the process answers (no I/O, no headers beyond the JSON)",
      tags: ["Health"],
      response: Health,
    }),
    (c) => c.json({ status: "ok" as const }, 200),
  );

export const readinessRoutes = new Hono<AppEnv>()
  .get(
    "/health/ready",
    allow("public"),
    describe({ summary: "Readiness: the database answers", tags: ["Health"], response: Health }),
    async (c) => {
      await c.var.deps.database.query("select 1");
      return c.json({ status: "ok" as const }, 200);
    },
  );
