/** The administrators' record of a business's compliance kit payment (admin spec §2 compliance kit screen). */
import { Hono } from "hono";
import { allow } from "../lib/access.ts";
import type { AppEnv } from "../lib/context.ts";
import { IdParam } from "../lib/params.ts";
import { describe, validate } from "../lib/route.ts";
import { KitOrderAnswer } from "./schemas.ts";
import { kitOrderRecord } from "./service.ts";

export const adminComplianceKitRoutes = new Hono<AppEnv>()
  .get(
    "/auth/business/:id/compliance-kit/order",
    allow("admin"),
    describe({
      summary: "How the business's compliance kit was paid (data is null without a paid kit)",
      tags: ["Compliance kit"],
      response: KitOrderAnswer,
      errors: { 404: "No such business" },
    }),
    validate("param", IdParam),
    async (c) => c.json({ data: await kitOrderRecord(c.var.deps, c.req.valid("param").id) }, 200),
  );
