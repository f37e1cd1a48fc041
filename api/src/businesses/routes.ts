/** Businesses. Foundation scope: reading one business, with the ownership rule every later route copies. */
import { Hono } from "hono";
import { z } from "zod";
import { allow, caller } from "../lib/access.ts";
import type { AppEnv } from "../lib/context.ts";
import { notFound } from "../lib/errors.ts";
import { recordSchema } from "../lib/list.ts";
import { IdParam } from "../lib/params.ts";
import { describe, validate } from "../lib/route.ts";
import { findBusinessFor } from "./queries.ts";

const BusinessResponse = z.object({
  data: recordSchema(
    "business",
    z.object({ name: z.string(), is_individual: z.boolean(), is_active: z.boolean(), is_owner: z.boolean() }),
    ["der"],
  ),
});

export const businessesRoutes = new Hono<AppEnv>()
  .get(
    "/auth/business/:id",
    allow("user"),
    describe({
      summary: "One business: its DER, its members, or an administrator",
      tags: ["Businesses"],
      response: BusinessResponse,
      errors: { 404: "No such business, or not yours" },
    }),
    validate("param", IdParam),
    async (c) => {
      const business = await findBusinessFor(c.var.deps.database.db, caller(c), c.req.valid("param").id);
      if (!business) throw notFound("Business");
      return c.json({ data: business }, 200);
    },
  );
