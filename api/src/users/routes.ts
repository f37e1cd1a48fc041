/** Users: one user (yourself, or anyone for an administrator). The administrators' list is in admin-routes.ts. */
import { Hono } from "hono";
import { allow, caller } from "../lib/access.ts";
import type { AppEnv } from "../lib/context.ts";
import { notFound } from "../lib/errors.ts";
import { IdParam } from "../lib/params.ts";
import { describe, validate } from "../lib/route.ts";
import { adminUserRoutes } from "./admin-routes.ts";
import { userDetail } from "./admin.ts";
import { UserResponse } from "./schemas.ts";

const ownRoutes = new Hono<AppEnv>()
  .get(
    "/auth/user/:id",
    allow("user"),
    describe({
      summary: "One user, with every flag of admin spec §3 User",
      description: "Yourself, or anyone for an administrator (a deleted account too: _deleted is true).",
      tags: ["Users"],
      response: UserResponse,
      errors: { 404: "No such user" },
    }),
    validate("param", IdParam),
    async (c) => {
      const user = await userDetail(c.var.deps, caller(c), c.req.valid("param").id);
      if (!user) throw notFound("User");
      return c.json({ data: user }, 200);
    },
  );

export const usersRoutes = new Hono<AppEnv>().route("/", ownRoutes).route("/", adminUserRoutes);
