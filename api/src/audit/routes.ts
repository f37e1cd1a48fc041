/**
 * The audit domain's routes: the administrators' (admin-routes.ts), and a member's own "Who looked at my
 * records" list (decision 0093).
 */
import { Hono } from "hono";
import { allow, caller } from "../lib/access.ts";
import type { AppEnv } from "../lib/context.ts";
import { listQuery } from "../lib/list.ts";
import { describe, validate } from "../lib/route.ts";
import { adminAuditRoutes } from "./admin-routes.ts";
import { RecordViewList } from "./schemas.ts";
import { memberViews } from "./service.ts";

const ownRoutes = new Hono<AppEnv>().get(
  "/auth/account/record-views",
  allow("user"),
  describe({
    summary: "Who looked at my records: an administrator or a company, what, and when",
    description:
      "Each download of your Letter of Compliance, each screen or file that showed your tests (or " +
      "your last test), and each download of your random selection notice, by an APCA administrator (named by " +
      "first name and role) or a company (by its name), newest first. Your own looks are not listed.",
    tags: ["Account"],
    response: RecordViewList,
  }),
  validate("query", listQuery([])),
  async (c) => c.json(await memberViews(c.var.deps, caller(c).user_id, c.req.valid("query")), 200),
);

export const auditRoutes = new Hono<AppEnv>().route("/", ownRoutes).route("/", adminAuditRoutes);
