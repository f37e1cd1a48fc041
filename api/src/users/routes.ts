/** Users: the administrators' list, and one user (yourself, or anyone for an administrator). */
import { Hono } from "hono";
import { allow, caller } from "../lib/access.ts";
import type { AppEnv } from "../lib/context.ts";
import { notFound } from "../lib/errors.ts";
import { IdParam } from "../lib/params.ts";
import { describe, validate } from "../lib/route.ts";
import { findUserFor, listUsers } from "./queries.ts";
import { UserList, UserListQuery, UserResponse } from "./schemas.ts";

export const usersRoutes = new Hono<AppEnv>()
  .get(
    "/auth/users",
    allow("admin"),
    describe({ summary: "List users", tags: ["Users"], response: UserList }),
    validate("query", UserListQuery),
    async (c) => c.json(await listUsers(c.var.deps.database.db, c.req.valid("query")), 200),
  )
  .get(
    "/auth/user/:id",
    allow("user"),
    describe({
      summary: "One user",
      tags: ["Users"],
      response: UserResponse,
      errors: { 404: "No such user" },
    }),
    validate("param", IdParam),
    async (c) => {
      const user = await findUserFor(c.var.deps.database.db, caller(c), c.req.valid("param").id);
      if (!user) throw notFound("User");
      return c.json({ data: user }, 200);
    },
  );
