/** Businesses: one business, the caller's own businesses, and a DER's companies. */
import { Hono } from "hono";
import { z } from "zod";
import { allow, caller } from "../lib/access.ts";
import type { AppEnv } from "../lib/context.ts";
import { notFound } from "../lib/errors.ts";
import { IdParam } from "../lib/params.ts";
import { describe, validate } from "../lib/route.ts";
import { findBusinessFor, listDerCompanies, listOwnBusinesses } from "./queries.ts";
import { BusinessList, BusinessRecord } from "./schemas.ts";

export const businessesRoutes = new Hono<AppEnv>()
  .get(
    "/auth/business/:id",
    allow("user"),
    describe({
      summary: "One business: its DER, its members, or an administrator",
      tags: ["Businesses"],
      response: z.object({ data: BusinessRecord }),
      errors: { 404: "No such business, or not yours" },
    }),
    validate("param", IdParam),
    async (c) => {
      const business = await findBusinessFor(c.var.deps.database.db, caller(c), c.req.valid("param").id);
      if (!business) throw notFound("Business");
      return c.json({ data: business }, 200);
    },
  )
  .get(
    "/auth/account/businesses",
    allow("user"),
    describe({ summary: "The caller's own businesses", tags: ["Businesses"], response: BusinessList }),
    async (c) => c.json({ data: await listOwnBusinesses(c.var.deps.database.db, caller(c)) }, 200),
  )
  .get(
    "/auth/der/companies",
    allow("der"),
    describe({
      summary: "The companies the calling DER represents",
      tags: ["Businesses"],
      response: BusinessList,
    }),
    async (c) => c.json({ data: await listDerCompanies(c.var.deps.database.db, caller(c)) }, 200),
  );
