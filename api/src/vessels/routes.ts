/**
 * Vessels: a business's fleet, add a vessel, and one vessel read and managed by id (the member's
 * /vessel/{vid}/manage and the administrators' /app/admin/manage-vessel/{vid} share these calls; ownership is
 * the filter). No administrator-only call, so no admin-routes.ts.
 */
import { Hono } from "hono";
import { actorOf, allow, caller } from "../lib/access.ts";
import type { AppEnv } from "../lib/context.ts";
import { idempotent } from "../lib/idempotency.ts";
import { IdParam } from "../lib/params.ts";
import { describe, validate } from "../lib/route.ts";
import { VesselCreateBody, VesselList, VesselParams, VesselResponse, VesselUpdateBody } from "./schemas.ts";
import { addVessel, getVessel, listVessels, manageVessel } from "./service.ts";

const OWNER_ERRORS = { 403: "Only the business's owner can do this.", 404: "No such business, or not yours" };

export const vesselsRoutes = new Hono<AppEnv>()
  .get(
    "/auth/business/:id/vessels",
    allow("user"),
    describe({
      summary: "The business's vessels, in service first",
      tags: ["Vessels"],
      response: VesselList,
      errors: { 404: "No such business, or not yours" },
    }),
    validate("param", IdParam),
    async (c) => c.json({ data: await listVessels(c.var.deps, caller(c), c.req.valid("param").id) }, 200),
  )
  .post(
    "/auth/business/:id/vessels",
    allow("user"),
    idempotent(),
    describe({
      summary: "Add a vessel (the business's owner, or an administrator)",
      description: "Applies at once; an owner's addition is reported to APCA (NEW_VESSEL). Fields: name, " +
        "official_number (USCG, digits), vessel_type, is_active.",
      tags: ["Vessels"],
      status: 201,
      response: VesselResponse,
      errors: { ...OWNER_ERRORS, 409: "An individual business has no vessels" },
    }),
    validate("param", IdParam),
    validate("json", VesselCreateBody),
    async (c) => {
      const actor = actorOf(c);
      return c.json({
        data: await addVessel(c.var.deps, actor, c.req.valid("param").id, c.req.valid("json")),
      }, 201);
    },
  )
  .get(
    "/auth/vessel/:vid",
    allow("user"),
    describe({
      summary: "One vessel",
      tags: ["Vessels"],
      response: VesselResponse,
      errors: { 404: "No such vessel, or not yours" },
    }),
    validate("param", VesselParams),
    async (c) => c.json({ data: await getVessel(c.var.deps, caller(c), c.req.valid("param").vid) }, 200),
  )
  .put(
    "/auth/vessel/:vid",
    allow("user"),
    describe({
      summary: "Manage a vessel (its business's owner, or an administrator)",
      description: "Only the fields sent change; applies at once. An owner's change is reported to APCA " +
        "(UPDATE_VESSEL) with the values before and after.",
      tags: ["Vessels"],
      response: VesselResponse,
      errors: { ...OWNER_ERRORS, 404: "No such vessel, or not yours" },
    }),
    validate("param", VesselParams),
    validate("json", VesselUpdateBody),
    async (c) => {
      const actor = actorOf(c);
      return c.json(
        { data: await manageVessel(c.var.deps, actor, c.req.valid("param").vid, c.req.valid("json")) },
        200,
      );
    },
  );
