/**
 * The administrators' header search (issue 24 item 4, decision 0070): administrators only; each call is
 * audited like every administrator read (lib/audit-guard.ts).
 */
import { Hono } from "hono";
import { allow } from "../lib/access.ts";
import type { AppEnv } from "../lib/context.ts";
import { describe, validate } from "../lib/route.ts";
import { adminSearch } from "./service.ts";
import { SearchAnswer, SearchQuery } from "./schemas.ts";

export const adminSearchRoutes = new Hono<AppEnv>().get(
  "/auth/search",
  allow("admin"),
  describe({
    summary: "Find users, companies and orders as the administrator types (the header search)",
    description:
      "Users by name, e-mail, member number, phone or credential; companies by name, DBA or EIN; " +
      "orders by number. Each group is ranked: exact and prefix matches of numbers first.",
    tags: ["Search"],
    response: SearchAnswer,
  }),
  validate("query", SearchQuery),
  async (c) => c.json(await adminSearch(c.var.deps, c.req.valid("query")), 200),
);
