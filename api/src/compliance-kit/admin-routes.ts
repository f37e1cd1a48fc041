/** The administrators' record of a business's compliance kit payment (admin spec §2 compliance kit screen). */
import { Hono } from "hono";
import { allow } from "../lib/access.ts";
import type { AppEnv } from "../lib/context.ts";
import { notFound } from "../lib/errors.ts";
import { IdParam } from "../lib/params.ts";
import { describe, validate } from "../lib/route.ts";
import { kitBusiness, kitOrder } from "./queries.ts";
import { KitOrderAnswer } from "./schemas.ts";

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
    async (c) => {
      const { db } = c.var.deps.database;
      const { id } = c.req.valid("param");
      if (!await kitBusiness(db, id)) throw notFound("Business");
      const o = await kitOrder(db, id);
      return c.json({
        data: o
          ? {
            order_id: o.id,
            number: o.number,
            total_cents: o.total_cents,
            payment_type: o.payment_type,
            payment_medium: o.payment_medium,
            payment_date: o.manual_charge_date,
            completed_at: o.completed_at ? new Date(o.completed_at).toISOString() : null,
            created_by_user_id: o.created_by_user_id,
          }
          : null,
      }, 200);
    },
  );
