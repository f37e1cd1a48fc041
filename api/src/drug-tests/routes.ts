/**
 * A member's own drug tests, one user's tests for an administrator, and the tests taken under a company for its
 * owner: summaries only (49 CFR 40.321).
 */
import { Hono } from "hono";
import { allow, caller } from "../lib/access.ts";
import type { AppEnv } from "../lib/context.ts";
import { IdParam } from "../lib/params.ts";
import { describe, validate } from "../lib/route.ts";
import { BusinessTestPage, BusinessTestQuery } from "../businesses/schemas.ts";
import { ownTests, testsOfBusiness, testsOfUser } from "./lists.ts";
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
    async (c) => c.json(await ownTests(c.var.deps, caller(c), c.req.valid("query")), 200),
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
    async (c) =>
      c.json(await testsOfUser(c.var.deps, caller(c), c.req.valid("param").id, c.req.valid("query")), 200),
  )
  .get(
    "/auth/business/:id/tests",
    allow("user"),
    describe({
      summary: "Business Tests: summaries of the tests taken under this company by its employees",
      description:
        "The company's owner (its DER) or an administrator. Summaries only, never the laboratory " +
        "detail (49 CFR 40.321); tests a member took under another company never appear.",
      tags: ["Businesses", "Tests"],
      response: BusinessTestPage,
      errors: { 403: "Only the business's owner can do this.", 404: "No such business, or not yours" },
    }),
    validate("param", IdParam),
    validate("query", BusinessTestQuery),
    async (c) =>
      c.json(
        await testsOfBusiness(c.var.deps, caller(c), c.req.valid("param").id, c.req.valid("query")),
        200,
      ),
  );

export const drugTestsRoutes = new Hono<AppEnv>().route("/", ownRoutes).route("/", adminDrugTestRoutes);
