/**
 * The administrators' employee calls: one employee by its own id, add an existing user to a business, and
 * remove an employee (only with no request open).
 */
import { Hono } from "hono";
import { actorOf, allow, caller } from "../lib/access.ts";
import type { AppEnv } from "../lib/context.ts";
import { describe, validate } from "../lib/route.ts";
import { idempotent } from "../lib/idempotency.ts";
import { IdParam } from "../lib/params.ts";
import { AddBusinessUserBody, BusinessUserParams, BusinessUserResponse } from "./schemas.ts";
import { addBusinessUser, findBusinessUserById, removeEmployee } from "./service.ts";

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
  )
  .delete(
    "/auth/business/:id/business-users/:businessUserId",
    allow("admin"),
    describe({
      summary: "Remove an employee from a business",
      description:
        "Ends the link; the employee's tests and memberships stay. Refused (409) while an employee " +
        "request or a change of the user's details waits for APCA.",
      tags: ["Employees"],
      status: 204,
      errors: { 404: "No such business or employee", 409: "A request about this employee is open" },
    }),
    validate("param", BusinessUserParams),
    async (c) => {
      const { id, businessUserId } = c.req.valid("param");
      await removeEmployee(c.var.deps, actorOf(c), id, businessUserId);
      return c.body(null, 204);
    },
  );
