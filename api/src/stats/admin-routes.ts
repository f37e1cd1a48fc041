/**
 * The administrators' analytics (admin spec §2 "Overview analytics", §3, §7): the overview tiles, the five
 * charts' monthly figures and the CSV of members without a primary business. Reads only: nothing to audit.
 */
import { Hono } from "hono";
import { allow } from "../lib/access.ts";
import type { AppEnv } from "../lib/context.ts";
import { describe, validate } from "../lib/route.ts";
import { usersWithoutPrimaryCsv } from "./csv.ts";
import {
  CompanyBreakdownResponse,
  ConsortiumResponse,
  DecompositionResponse,
  OneTimeResponse,
  OverviewResponse,
  RandomsResponse,
  RangeQuery,
} from "./schemas.ts";
import {
  companyBreakdownByMonth,
  consortiumByMonth,
  decompositionByMonth,
  oneTimeByMonth,
  overview,
  randoms,
  rangeOf,
} from "./service.ts";

const RANGE =
  "start and end are office months (YYYY-MM, the consortium's time zone), inclusive; by default six " +
  "months back through the current month.";
const tags = ["Analytics"];

export const adminStatsRoutes = new Hono<AppEnv>()
  .get(
    "/auth/stats/overview",
    allow("admin"),
    describe({ summary: "The overview tiles' counts", tags, response: OverviewResponse }),
    async (c) => c.json(await overview(c.var.deps), 200),
  )
  .get(
    "/auth/stats/users-without-primary-business",
    allow("admin"),
    describe({
      summary: "Members without a primary business, as CSV",
      tags,
      produces: "text/csv",
    }),
    (c) =>
      new Response(usersWithoutPrimaryCsv(c.var.deps.database.db), {
        status: 200,
        headers: {
          "Content-Type": "text/csv; charset=utf-8",
          "Content-Disposition": `attachment; filename="users-without-primary-business.csv"`,
          "Cache-Control": "private, no-store",
        },
      }),
  )
  .get(
    "/auth/stats/company-breakdown",
    allow("admin"),
    describe({
      summary: "Companies and average employees per month",
      description: RANGE,
      tags,
      response: CompanyBreakdownResponse,
    }),
    validate("query", RangeQuery),
    async (c) =>
      c.json(await companyBreakdownByMonth(c.var.deps, rangeOf(c.var.deps, c.req.valid("query"))), 200),
  )
  .get(
    "/auth/stats/memberships/consortium",
    allow("admin"),
    describe({
      summary: "Annual memberships in force per month",
      description: RANGE,
      tags,
      response: ConsortiumResponse,
    }),
    validate("query", RangeQuery),
    async (c) => c.json(await consortiumByMonth(c.var.deps, rangeOf(c.var.deps, c.req.valid("query"))), 200),
  )
  .get(
    "/auth/stats/memberships/decomposition",
    allow("admin"),
    describe({
      summary: "New, renewed and churned memberships per month",
      description: RANGE,
      tags,
      response: DecompositionResponse,
    }),
    validate("query", RangeQuery),
    async (c) =>
      c.json(await decompositionByMonth(c.var.deps, rangeOf(c.var.deps, c.req.valid("query"))), 200),
  )
  .get(
    "/auth/stats/one-time",
    allow("admin"),
    describe({
      summary: "One-time drug test memberships per month",
      description: RANGE,
      tags,
      response: OneTimeResponse,
    }),
    validate("query", RangeQuery),
    async (c) => c.json(await oneTimeByMonth(c.var.deps, rangeOf(c.var.deps, c.req.valid("query"))), 200),
  )
  .get(
    "/auth/stats/randoms",
    allow("admin"),
    describe({ summary: "Random pools' outcomes", description: RANGE, tags, response: RandomsResponse }),
    validate("query", RangeQuery),
    async (c) => c.json(await randoms(c.var.deps, rangeOf(c.var.deps, c.req.valid("query"))), 200),
  );
