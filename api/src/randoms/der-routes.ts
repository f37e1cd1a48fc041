/**
 * The DER's random selections (docs/decisions/0033-random-pools.md): a company's owner (its DER) or an
 * administrator sees the company's employees' selections of released pools only, and downloads their notice
 * PDFs. Ownership is checked here as for Business Tests (another company's DER: 404; its employees: 403);
 * unreleased pools and other companies' candidates are simply not there (16.230(g); 49 CFR 40.321).
 */
import { Hono } from "hono";
import { clientIp } from "../auth/sessions.ts";
import { allow, caller } from "../lib/access.ts";
import type { AppEnv } from "../lib/context.ts";
import { IdParam } from "../lib/params.ts";
import { describe, validate } from "../lib/route.ts";
import { derSelectionPdf, derSelectionsOf } from "./der.ts";
import { BusinessCandidateParam, DerSelectionPage, DerSelectionQuery } from "./schemas.ts";

const TAGS = ["Businesses", "Random pools"];

export const derRandomRoutes = new Hono<AppEnv>()
  .get(
    "/auth/business/:id/random-selections",
    allow("user"),
    describe({
      summary: "Random Selections: the company's employees selected in released random pools",
      description: "The company's owner (its DER) or an administrator. Only pools an administrator has " +
        "released (unannounced until then, 46 CFR 16.230(g)); of each test only its status and outcome, " +
        "with the i3 order, the collection site and the day to report by.",
      tags: TAGS,
      response: DerSelectionPage,
      errors: { 403: "Only the business's owner can do this.", 404: "No such business, or not yours" },
    }),
    validate("param", IdParam),
    validate("query", DerSelectionQuery),
    async (c) =>
      c.json(
        await derSelectionsOf(c.var.deps, caller(c), c.req.valid("param").id, c.req.valid("query")),
        200,
      ),
  )
  .get(
    "/auth/business/:id/random-selections/:candidateId/pdf",
    allow("user"),
    describe({
      summary: "The notice PDF of one of the company's released selections, to hand to the mariner",
      tags: TAGS,
      produces: "application/pdf",
      errors: {
        403: "Only the business's owner can do this.",
        404: "No such business or selection, not released, or no PDF",
      },
    }),
    validate("param", BusinessCandidateParam),
    async (c) => {
      const { id, candidateId } = c.req.valid("param");
      const doc = await derSelectionPdf(c.var.deps, caller(c), clientIp(c), id, candidateId);
      return new Response(doc.bytes as Uint8Array<ArrayBuffer>, {
        headers: {
          "Content-Type": "application/pdf",
          "Content-Disposition": `attachment; filename="${doc.filename}"`,
          "Cache-Control": "private, no-store",
        },
      });
    },
  );
