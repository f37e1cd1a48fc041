/**
 * Businesses as members, DERs and administrators share them: one business, the caller's own, a DER's
 * companies, add and manage a business (decision 0021). The company's test summaries are
 * drug-tests' (drug-tests/routes.ts); the administrators' calls are in admin-routes.ts.
 */
import { Hono } from "hono";
import { actorOf, allow, caller } from "../lib/access.ts";
import type { AppEnv } from "../lib/context.ts";
import { idempotent } from "../lib/idempotency.ts";
import { IdParam } from "../lib/params.ts";
import { describe, validate } from "../lib/route.ts";
import { adminBusinessRoutes } from "./admin-routes.ts";
import { derCompanies, getBusiness, ownBusinesses } from "./lists.ts";
import {
  BusinessCreateBody,
  BusinessCreated,
  BusinessList,
  BusinessResponse,
  BusinessUpdateAnswerSchema,
  BusinessUpdateBody,
} from "./schemas.ts";
import { manageBusiness } from "./changes.ts";
import { addOwnBusiness } from "./service.ts";

const ownRoutes = new Hono<AppEnv>()
  .get(
    "/auth/business/:id",
    allow("user"),
    describe({
      summary: "One business: its DER, its members, or an administrator",
      description:
        "Every field of the company record; tax_id and activation_history only for its owner and " +
        "administrators. business_pending_request is a change waiting for APCA.",
      tags: ["Businesses"],
      response: BusinessResponse,
      errors: { 404: "No such business, or not yours" },
    }),
    validate("param", IdParam),
    async (c) => c.json({ data: await getBusiness(c.var.deps, caller(c), c.req.valid("param").id) }, 200),
  )
  .get(
    "/auth/account/businesses",
    allow("user"),
    describe({ summary: "The caller's own businesses", tags: ["Businesses"], response: BusinessList }),
    async (c) => c.json({ data: await ownBusinesses(c.var.deps, caller(c)) }, 200),
  )
  .post(
    "/auth/account/businesses",
    allow("user"),
    idempotent(),
    describe({
      summary: "Add a business (the caller becomes its owner)",
      description: "A self-employed business exists at once. A company becomes a new-company request: it " +
        "shows has_pending_new_company_approval ('Not Approved') until an administrator approves it.",
      tags: ["Businesses"],
      status: 201,
      response: BusinessCreated,
    }),
    validate("json", BusinessCreateBody),
    async (c) => {
      const business = await addOwnBusiness(
        c.var.deps,
        actorOf(c),
        c.req.valid("json"),
      );
      return c.json({ data: business }, 201);
    },
  )
  .put(
    "/auth/business/:id",
    allow("user"),
    describe({
      summary: "Manage a business (its owner, or an administrator)",
      description:
        "Only the fields sent change. For an owner, contact details apply at once and are reported " +
        "(UPDATE_BUSINESS); name, DBA, tax id and LLC wait for APCA (decision 0021), and further edits answer " +
        "409 until an administrator decides. An administrator's changes apply at once.",
      tags: ["Businesses"],
      response: BusinessUpdateAnswerSchema,
      errors: {
        403: "Only the business's owner can do this.",
        404: "No such business, or not yours",
        409: "A change is waiting for approval, or the company is not approved yet",
      },
    }),
    validate("param", IdParam),
    validate("json", BusinessUpdateBody),
    async (c) => {
      const actor = actorOf(c);
      return c.json(
        await manageBusiness(c.var.deps, actor, c.req.valid("param").id, c.req.valid("json")),
        200,
      );
    },
  )
  .get(
    "/auth/der/companies",
    allow("der"),
    describe({
      summary: "The companies the calling DER represents",
      tags: ["Businesses"],
      response: BusinessList,
    }),
    async (c) => c.json({ data: await derCompanies(c.var.deps, caller(c)) }, 200),
  );

export const businessesRoutes = new Hono<AppEnv>().route("/", ownRoutes).route("/", adminBusinessRoutes);
