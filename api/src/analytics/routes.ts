/** Product analytics events sent by the web (the registration wizard's funnel, for now). */
import { Hono } from "hono";
import { allow, caller } from "../lib/access.ts";
import type { AppEnv } from "../lib/context.ts";
import { describe, validate } from "../lib/route.ts";
import { recordEvent } from "./queries.ts";
import { AnalyticsEventBody } from "./schemas.ts";

export const analyticsRoutes = new Hono<AppEnv>()
  .post(
    "/analytics/events",
    allow("user"),
    describe({ summary: "Record a product analytics event", tags: ["Analytics"], status: 204 }),
    validate("json", AnalyticsEventBody),
    async (c) => {
      const { name, props } = c.req.valid("json");
      const { database, now } = c.var.deps;
      await recordEvent(database.db, {
        name,
        props: props ?? {},
        user_id: caller(c).user_id,
        created_at: now(),
      });
      return c.body(null, 204);
    },
  );
