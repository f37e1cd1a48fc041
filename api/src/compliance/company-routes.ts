/**
 * An employee's Letter of Compliance for the company that employs them (public spec §2 "Employee detail tabs":
 * Downloads only with an active annual membership; decision 0027): the company's owner (its DER) or an
 * administrator, about a current employee of that company (eid is the employee's user id); anyone else 404.
 * The letter is proof of enrolment in the random-testing program, not a test result (49 CFR 40.321 keeps
 * results to their summary, and the letter carries none).
 */
import { Hono } from "hono";
import { allow, caller } from "../lib/access.ts";
import type { AppEnv } from "../lib/context.ts";
import { describe, validate } from "../lib/route.ts";
import { requireCompanyEmployee } from "../memberships/company.ts";
import { CompanyEmployeeParam } from "../memberships/schemas.ts";
import { MessageResponse, pdf, PDF_ERRORS } from "./http.ts";
import { COMPLIANCE_MESSAGES, emailLetter, letterForViewer } from "./service.ts";

export const companyComplianceRoutes = new Hono<AppEnv>()
  .get(
    "/auth/business/:id/employee/:eid/compliance-letter",
    allow("user"),
    describe({
      summary: "Download an employee's Letter of Compliance, for the company that employs them",
      description: "Safe to repeat: the member's letter of today's content is issued once and reused. " +
        "Each download is recorded on the member (action member_record.letter_download), who sees it in " +
        "GET /auth/account/record-views.",
      tags: ["Compliance", "Employee memberships"],
      produces: "application/pdf",
      errors: {
        ...PDF_ERRORS,
        404: "No such company among those you own, or not a current employee of it",
      },
    }),
    validate("param", CompanyEmployeeParam),
    async (c) => {
      const { id, eid } = c.req.valid("param");
      const me = caller(c);
      await requireCompanyEmployee(c.var.deps.database.db, me, id, eid);
      const letter = await letterForViewer(c.var.deps, eid, me, id);
      return pdf(letter.bytes, letter.filename);
    },
  )
  .post(
    "/auth/business/:id/employee/:eid/compliance-email",
    allow("user"),
    describe({
      summary: "E-mail an employee their Letter of Compliance, for the company that employs them",
      description:
        "Public spec §6 (the email-to-member action): sent to the employee's own address through " +
        "the mail outbox, only when they can have a letter.",
      tags: ["Compliance", "Employee memberships"],
      response: MessageResponse,
      errors: {
        ...PDF_ERRORS,
        404: "No such company among those you own, or not a current employee of it",
      },
    }),
    validate("param", CompanyEmployeeParam),
    async (c) => {
      const { id, eid } = c.req.valid("param");
      const me = caller(c);
      await requireCompanyEmployee(c.var.deps.database.db, me, id, eid);
      await emailLetter(c.var.deps, eid, me.user_id);
      return c.json({ message: COMPLIANCE_MESSAGES.emailed }, 200);
    },
  );
