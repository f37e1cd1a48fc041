/** Product analytics events sent by the web (the registration wizard's funnel, for now). */
import { Hono } from "hono";
import { allow, caller } from "../lib/access.ts";
import type { AppEnv } from "../lib/context.ts";
import { describe, validate } from "../lib/route.ts";
import { AnalyticsEventBody } from "./schemas.ts";
import { recordAnalyticsEvent } from "./service.ts";

export const analyticsRoutes = new Hono<AppEnv>()
  .post(
    "/analytics/events",
    allow("user"),
    describe({ summary: "Record a product analytics event", tags: ["Analytics"], status: 204 }),
    validate("json", AnalyticsEventBody),
    async (c) => {
      await recordAnalyticsEvent(c.var.deps, caller(c).user_id, c.req.valid("json"));
      return c.body(null, 204);
    },
  );
