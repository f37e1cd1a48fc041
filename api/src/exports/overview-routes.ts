/**
 * The DER's compliance overview of a company and its CSV (issue 25, exports/overview.ts): its owner or an
 * administrator; another company's DER gets 404. Mounted beside the roster (app.ts).
 */
import { Hono } from "hono";
import { allow, caller } from "../lib/access.ts";
import { audit } from "../lib/audit.ts";
import type { AppEnv } from "../lib/context.ts";
import { IdParam } from "../lib/params.ts";
import { describe, validate } from "../lib/route.ts";
import { complianceOverview, complianceOverviewCsv } from "./overview.ts";
import { ComplianceOverviewQuery, ComplianceOverviewResponse } from "./schemas.ts";

const ERRORS = { 403: "Only the business's owner can do this.", 404: "No such business, or not yours" };

export const complianceOverviewRoutes = new Hono<AppEnv>()
  .get(
    "/auth/business/:id/compliance-overview",
    allow("user"),
    describe({
      summary: "The company's compliance at a glance: each employee's coverage and last test in words",
      description: "coverage: covered, ending (within 30 days), paused or not_covered; filter 'covered' " +
        "includes those ending. The last test is its summary (Passed, Not passed, Refusal, Cancelled, " +
        "Pending), never the laboratory detail.",
      tags: ["Businesses"],
      response: ComplianceOverviewResponse,
      errors: ERRORS,
    }),
    validate("param", IdParam),
    validate("query", ComplianceOverviewQuery),
    async (c) => {
      const { id } = c.req.valid("param");
      const { filter } = c.req.valid("query");
      return c.json(await complianceOverview(c.var.deps, caller(c), id, filter), 200);
    },
  )
  .get(
    "/auth/business/:id/compliance-overview.csv",
    allow("user"),
    describe({
      summary: "The company's compliance overview as CSV (the same filter)",
      tags: ["Businesses"],
      produces: "text/csv",
      errors: ERRORS,
    }),
    validate("param", IdParam),
    validate("query", ComplianceOverviewQuery),
    async (c) => {
      const { id } = c.req.valid("param");
      const { filter } = c.req.valid("query");
      const file = await complianceOverviewCsv(c.var.deps, caller(c), id, filter);
      if (caller(c).is_admin) {
        await audit(c.var.deps.database.db, {
          actor: caller(c).user_id,
          action: "business.compliance_overview_download",
          entity: "business",
          entityId: id,
          detail: { filter },
        });
      }
      return new Response(file.text, {
        status: 200,
        headers: {
          "Content-Type": "text/csv; charset=utf-8",
          "Content-Disposition": `attachment; filename="${file.filename}"`,
          "Cache-Control": "private, no-store",
        },
      });
    },
  );
