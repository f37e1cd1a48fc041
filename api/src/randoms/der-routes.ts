/**
 * The DER's random selections (docs/decisions/0033-random-pools.md): a company's owner (its DER) or an
 * administrator sees the company's employees' selections of released pools only, and downloads their notice
 * PDFs. Ownership is checked here as for Business Tests (another company's DER: 404; its employees: 403);
 * unreleased pools and other companies' candidates are simply not there (16.230(g); 49 CFR 40.321).
 */
import { Hono } from "hono";
import { ownedBusiness } from "../businesses/service.ts";
import { clientIp } from "../auth/sessions.ts";
import { allow, caller } from "../lib/access.ts";
import { audit } from "../lib/audit.ts";
import type { AppEnv } from "../lib/context.ts";
import { notFound } from "../lib/errors.ts";
import { IdParam } from "../lib/params.ts";
import { describe, validate } from "../lib/route.ts";
import { listDerSelections } from "./der.ts";
import { documentBytes, findDerSelection } from "./queries.ts";
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
    async (c) => {
      const { deps } = c.var;
      const { id } = c.req.valid("param");
      await ownedBusiness(deps.database.db, caller(c), id);
      return c.json(
        await listDerSelections(deps.database.db, id, c.req.valid("query"), deps.config.officeTimeZone),
        200,
      );
    },
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
      const { db } = c.var.deps.database;
      await ownedBusiness(db, caller(c), id);
      const selection = await findDerSelection(db, id, candidateId);
      const doc = selection && !selection.exempt && selection.pdf_document_id
        ? await documentBytes(db, selection.pdf_document_id)
        : undefined;
      if (!doc) throw notFound("PDF");
      await audit(db, {
        actor: caller(c).user_id,
        action: "random_pool.download",
        entity: "random_pool",
        entityId: selection!.pool_id,
        detail: { candidate_id: candidateId, business_id: id },
        ip: clientIp(c),
      });
      return new Response(doc.bytes as Uint8Array<ArrayBuffer>, {
        headers: {
          "Content-Type": "application/pdf",
          "Content-Disposition": `attachment; filename="${doc.filename}"`,
          "Cache-Control": "private, no-store",
        },
      });
    },
  );
