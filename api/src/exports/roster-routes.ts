/**
 * The business roster PDF (admin spec §2, public spec §7 "download business roster as pdf": its owner, the
 * DER, or an administrator; another company's DER gets 404): the company, its DER, its employees and its vessels,
 * a document the office prints. It lives with the exports, not in businesses/, because it lists employees and
 * vessels, domains above businesses in the layers (decision 0051); app.ts mounts it right after the businesses'
 * routes, so the API document keeps its order.
 */
import { Hono } from "hono";
import { allow, caller } from "../lib/access.ts";
import { audit } from "../lib/audit.ts";
import type { AppEnv } from "../lib/context.ts";
import { IdParam } from "../lib/params.ts";
import { describe, validate } from "../lib/route.ts";
import { businessRoster } from "./roster.ts";
import { rosterFilename } from "./roster-pdf.ts";

const NOT_FOUND = { 403: "Only the business's owner can do this.", 404: "No such business, or not yours" };

export const businessRosterRoutes = new Hono<AppEnv>()
  .get(
    "/auth/business/:id/roster",
    allow("user"),
    describe({
      summary: "The business roster as a PDF (company, DER, employees, vessels; no test results)",
      tags: ["Businesses"],
      produces: "application/pdf",
      errors: NOT_FOUND,
    }),
    validate("param", IdParam),
    async (c) => {
      const { id } = c.req.valid("param");
      const bytes = await businessRoster(c.var.deps, caller(c), id);
      await audit(c.var.deps.database.db, {
        actor: caller(c).user_id,
        action: "business.roster_download",
        entity: "business",
        entityId: id,
      });
      return new Response(bytes as Uint8Array<ArrayBuffer>, {
        status: 200,
        headers: {
          "Content-Type": "application/pdf",
          "Content-Disposition": `attachment; filename="${rosterFilename(id)}"`,
          "Cache-Control": "private, no-store",
        },
      });
    },
  );
