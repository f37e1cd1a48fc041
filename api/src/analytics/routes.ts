/** Product analytics events sent by the web (the registration wizard's funnel, for now). */
import { Hono } from "hono";
import { z } from "zod";
import { allow, caller } from "../lib/access.ts";
import type { AppEnv } from "../lib/context.ts";
import { describe, validate } from "../lib/route.ts";
import { recordEvent } from "./queries.ts";

/** The events the web may send; anything else is refused so the table stays meaningful. */
export const ANALYTICS_EVENTS = [
  "registration_started",
  "registration_account_created",
  "registration_payment_method_added",
  "registration_membership_type_chosen",
  "registration_completed",
] as const;

export const AnalyticsEventBody = z.object({
  name: z.enum(ANALYTICS_EVENTS, { error: `name must be one of: ${ANALYTICS_EVENTS.join(", ")}` }),
  props: z.record(
    z.string().regex(/^[a-z][a-z0-9_]{0,39}$/, "props keys are snake_case, at most 40 characters"),
    z.union([z.string().max(200), z.number(), z.boolean(), z.null()], {
      error: "props values are short strings, numbers, booleans or null",
    }),
  ).refine((p) => Object.keys(p).length <= 20, "props holds at most 20 entries").optional(),
});

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
