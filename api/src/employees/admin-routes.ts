/**
 * The administrators' employee calls: one employee by its own id and add an existing user to a business.
 * Removing and moving an employee are the owner's calls too (routes.ts).
 */
import { Hono } from "hono";
import { actorOf, allow, caller } from "../lib/access.ts";
import type { AppEnv } from "../lib/context.ts";
import { describe, validate } from "../lib/route.ts";
import { idempotent } from "../lib/idempotency.ts";
import { IdParam } from "../lib/params.ts";
import { AddBusinessUserBody, BusinessUserResponse } from "./schemas.ts";
import { addBusinessUser, findBusinessUserById } from "./service.ts";

export const adminEmployeeRoutes = new Hono<AppEnv>()
  .get(
    "/auth/business-user/:id",
    allow("admin"),
    describe({
      summary: "One employee by its business-user id (the administrators' employee detail)",
      description:
        "The same record as GET /auth/business/{id}/business-users/{eid}; relationships.business " +
        "names its business. A removed link, or one of a deleted business, answers 404.",
      tags: ["Employees"],
      response: BusinessUserResponse,
      errors: { 404: "No such employee" },
    }),
    validate("param", IdParam),
    async (c) =>
      c.json({ data: await findBusinessUserById(c.var.deps, caller(c), c.req.valid("param").id) }, 200),
  )
  .post(
    "/auth/business/:id/business-users",
    allow("admin"),
    idempotent(),
    describe({
      summary: "Add an existing user to a business (at once, no request)",
      tags: ["Employees"],
      status: 201,
      response: BusinessUserResponse,
      errors: { 404: "No such business", 409: "This user already belongs to this business." },
    }),
    validate("param", IdParam),
    validate("json", AddBusinessUserBody),
    async (c) => {
      const actor = actorOf(c);
      const data = await addBusinessUser(c.var.deps, actor, c.req.valid("param").id, c.req.valid("json"));
      return c.json({ data }, 201);
    },
  );
