/** The administrators' employee call: remove an employee from a business (only with no request open). */
import { Hono } from "hono";
import { clientIp } from "../auth/sessions.ts";
import { allow, caller } from "../lib/access.ts";
import type { AppEnv } from "../lib/context.ts";
import { describe, validate } from "../lib/route.ts";
import { BusinessUserParams } from "./schemas.ts";
import { removeEmployee } from "./service.ts";

export const adminEmployeeRoutes = new Hono<AppEnv>()
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
      await removeEmployee(c.var.deps, { user: caller(c), ip: clientIp(c) }, id, businessUserId);
      return c.body(null, 204);
    },
  );
