/** Letters of Compliance for any member (admin spec §6: download or e-mail only if can_download_compliance). */
import { Hono } from "hono";
import { allow, caller } from "../lib/access.ts";
import type { AppEnv } from "../lib/context.ts";
import { IdParam } from "../lib/params.ts";
import { describe, validate } from "../lib/route.ts";
import { MessageResponse, pdf, PDF_ERRORS } from "./http.ts";
import { COMPLIANCE_MESSAGES, emailLetter, letterForViewer } from "./service.ts";

export const adminComplianceRoutes = new Hono<AppEnv>()
  .get(
    "/auth/user/:id/compliance-letter",
    allow("admin"),
    describe({
      summary: "Download a member's Letter of Compliance",
      description: "Safe to repeat: the member's letter of today's content is issued once and reused. " +
        "Each download is recorded on the member (action member_record.letter_download), who sees it in " +
        "GET /auth/account/record-views.",
      tags: ["Compliance"],
      produces: "application/pdf",
      errors: { ...PDF_ERRORS, 404: "No such user" },
    }),
    validate("param", IdParam),
    async (c) => {
      const letter = await letterForViewer(c.var.deps, c.req.valid("param").id, caller(c));
      return pdf(letter.bytes, letter.filename);
    },
  )
  .post(
    "/auth/user/:id/compliance-email",
    allow("admin"),
    describe({
      summary: "E-mail a member their Letter of Compliance",
      tags: ["Compliance"],
      response: MessageResponse,
      errors: { ...PDF_ERRORS, 404: "No such user" },
    }),
    validate("param", IdParam),
    async (c) => {
      await emailLetter(c.var.deps, c.req.valid("param").id, caller(c).user_id);
      return c.json({ message: COMPLIANCE_MESSAGES.emailed }, 200);
    },
  );
