/** The administrators' user calls (admin spec /app/admin/users): the list of every user. */
import { Hono } from "hono";
import { allow } from "../lib/access.ts";
import type { AppEnv } from "../lib/context.ts";
import { describe, validate } from "../lib/route.ts";
import { listUsers } from "./queries.ts";
import { UserList, UserListQuery } from "./schemas.ts";

export const adminUserRoutes = new Hono<AppEnv>()
  .get(
    "/auth/users",
    allow("admin"),
    describe({ summary: "List users", tags: ["Users"], response: UserList }),
    validate("query", UserListQuery),
    async (c) => c.json(await listUsers(c.var.deps.database.db, c.req.valid("query")), 200),
  );
