/** Businesses: one business, the caller's own businesses, and a DER's companies. */
import { Hono } from "hono";
import { z } from "zod";
import { allow, caller } from "../lib/access.ts";
import type { AppEnv } from "../lib/context.ts";
import { notFound } from "../lib/errors.ts";
import { recordSchema } from "../lib/list.ts";
import { IdParam } from "../lib/params.ts";
import { describe, validate } from "../lib/route.ts";
import { findBusinessFor, listDerCompanies, listOwnBusinesses } from "./queries.ts";

const BusinessRecord = recordSchema(
  "business",
  z.object({
    name: z.string(),
    business_name: z.string().nullable(),
    is_owner: z.boolean().describe("The caller owns it (DER or self-employed owner)"),
    is_active: z.boolean(),
    business_deactivation_reason: z.string().nullable(),
    is_individual: z.boolean(),
    is_i3_setup: z.boolean(),
    has_compliance_kit: z.boolean(),
    has_pending_new_company_approval: z.boolean().describe(
      "Shown as 'Not Approved' until an administrator acts",
    ),
  }),
  ["der"],
);
const BusinessList = z.object({ data: z.array(BusinessRecord) });

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
