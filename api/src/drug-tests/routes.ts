/** A member's own drug tests, and one user's tests for an administrator: summaries only (49 CFR 40.321). */
import { Hono } from "hono";
import { allow, caller } from "../lib/access.ts";
import type { AppEnv } from "../lib/context.ts";
import { notFound } from "../lib/errors.ts";
import { IdParam } from "../lib/params.ts";
import { describe, validate } from "../lib/route.ts";
import { userExists } from "../users/service.ts";
import { listTestsOf, maySeeTestsOf } from "./queries.ts";
import { DrugTestList, TestListQuery } from "./schemas.ts";
import { adminDrugTestRoutes } from "./admin-routes.ts";

const ownRoutes = new Hono<AppEnv>()
  .get(
    "/auth/account/tests",
    allow("user"),
    describe({
      summary: "My drug tests",
      description: "Summaries of the caller's own tests. The laboratory's panel detail is never listed.",
      tags: ["Tests"],
      response: DrugTestList,
    }),
    validate("query", TestListQuery),
    async (c) =>
      c.json(
        await listTestsOf(c.var.deps.database.db, caller(c).user_id, c.req.valid("query"), {
          unreleasedRandoms: caller(c).is_admin,
        }),
        200,
      ),
  )
  .get(
    "/auth/user/:id/tests",
    allow("user"),
    describe({
      summary: "One user's drug tests",
      description: "The user themself or an administrator; anyone else gets 404.",
      tags: ["Tests"],
      response: DrugTestList,
      errors: { 404: "No such user, or not yours to see" },
    }),
    validate("param", IdParam),
    validate("query", TestListQuery),
    async (c) => {
      const { id } = c.req.valid("param");
      const { db } = c.var.deps.database;
      if (!maySeeTestsOf(caller(c), id)) throw notFound("User");
      if (!await userExists(db, id)) throw notFound("User");
      return c.json(
        await listTestsOf(db, id, c.req.valid("query"), { unreleasedRandoms: caller(c).is_admin }),
        200,
      );
    },
  );

export const drugTestsRoutes = new Hono<AppEnv>().route("/", ownRoutes).route("/", adminDrugTestRoutes);
