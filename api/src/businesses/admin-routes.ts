/**
 * The administrators' business calls (admin spec §2 "Business list and detail", §7): the list, add, activate,
 * deactivate (with a reason), delete and decide a waiting change. Each is audited. The roster PDF lists employees
 * and vessels, domains above businesses: it is in exports/ (exports/roster-routes.ts, decision 0051).
 */
import { Hono } from "hono";
import { actorOf, allow, caller } from "../lib/access.ts";
import type { AppEnv } from "../lib/context.ts";
import { idempotent } from "../lib/idempotency.ts";
import { IdParam } from "../lib/params.ts";
import { describe, validate } from "../lib/route.ts";
import { allBusinesses } from "./lists.ts";
import {
  AdminBusinessCreateBody,
  BusinessDeleted,
  BusinessListQuery,
  BusinessPage,
  BusinessResponse,
  DeactivateBody,
  DecideChangeBody,
} from "./schemas.ts";
import { decideBusinessChange } from "./changes.ts";
import { adminAddBusiness, deleteBusiness, setBusinessActive } from "./service.ts";

const NOT_FOUND = { 404: "No such business" };

export const adminBusinessRoutes = new Hono<AppEnv>()
  .get(
    "/auth/businesses",
    allow("admin"),
    describe({
      summary: "List businesses",
      description: "search matches part of the name, DBA, e-mail, phone or tax id; not_individual=true " +
        "leaves out self-employed businesses. Deleted businesses are never listed. The filters kind, active, " +
        "i3 and der are not in the specification (issue 37, decision 0082): each optional, combined with AND; " +
        "without kind or not_individual every business is listed, individual ones included.",
      tags: ["Businesses"],
      response: BusinessPage,
      errors: { 422: "A filter is not one of its values" },
    }),
    validate("query", BusinessListQuery),
    async (c) => c.json(await allBusinesses(c.var.deps, caller(c), c.req.valid("query")), 200),
  )
  .post(
    "/auth/businesses",
    allow("admin"),
    idempotent(),
    describe({
      summary: "Add a business (exists at once; der_user_id becomes its owner)",
      tags: ["Businesses"],
      status: 201,
      response: BusinessResponse,
    }),
    validate("json", AdminBusinessCreateBody),
    async (c) => {
      const actor = actorOf(c);
      return c.json({ data: await adminAddBusiness(c.var.deps, actor, c.req.valid("json")) }, 201);
    },
  )
  .put(
    "/auth/business/:id/activate",
    allow("admin"),
    describe({
      summary: "Activate a business",
      tags: ["Businesses"],
      response: BusinessResponse,
      errors: {
        ...NOT_FOUND,
        409: "Already active (only an inactive business is activated: of simultaneous calls one succeeds)",
      },
    }),
    validate("param", IdParam),
    async (c) => {
      const actor = actorOf(c);
      const data = await setBusinessActive(c.var.deps, actor, c.req.valid("param").id, { is_active: true });
      return c.json({ data }, 200);
    },
  )
  .put(
    "/auth/business/:id/deactivate",
    allow("admin"),
    describe({
      summary: "Deactivate a business, with a reason its members see",
      tags: ["Businesses"],
      response: BusinessResponse,
      errors: {
        ...NOT_FOUND,
        409: "Already inactive (only an active business is deactivated: of simultaneous calls one succeeds)",
      },
    }),
    validate("param", IdParam),
    validate("json", DeactivateBody),
    async (c) => {
      const actor = actorOf(c);
      const { reason } = c.req.valid("json");
      const data = await setBusinessActive(c.var.deps, actor, c.req.valid("param").id, {
        is_active: false,
        reason,
      });
      return c.json({ data }, 200);
    },
  )
  .put(
    "/auth/business/:id/change",
    allow("admin"),
    describe({
      summary: "Approve or refuse the business's waiting change (name, DBA, tax id, LLC)",
      description:
        "approved=true applies the proposed values; false keeps the business as it is. Either way " +
        "the UPDATE_BUSINESS notification is decided and the owner may edit again.",
      tags: ["Businesses"],
      response: BusinessResponse,
      errors: { ...NOT_FOUND, 409: "This change has already been decided." },
    }),
    validate("param", IdParam),
    validate("json", DecideChangeBody),
    async (c) => {
      const actor = actorOf(c);
      const data = await decideBusinessChange(
        c.var.deps,
        actor,
        c.req.valid("param").id,
        c.req.valid("json").approved,
      );
      return c.json({ data }, 200);
    },
  )
  .delete(
    "/auth/business/:id",
    allow("admin"),
    describe({
      summary: "Delete a business",
      description:
        "A business with history (drug tests, memberships, notifications, employee requests or a " +
        "compliance kit) is soft-deleted: hidden, its links ended, every record kept (49 CFR 40.333). One " +
        "without history is removed with its vessels and activation history.",
      tags: ["Businesses"],
      response: BusinessDeleted,
      errors: NOT_FOUND,
    }),
    validate("param", IdParam),
    async (c) => {
      const actor = actorOf(c);
      return c.json({ data: await deleteBusiness(c.var.deps, actor, c.req.valid("param").id) }, 200);
    },
  );
