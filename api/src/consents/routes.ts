/**
 * Consents to release drug-test results (49 CFR 40.321; decision 0092): the member's own (list, sign, revoke,
 * PDF) and a recipient's (the consents naming them, the results one releases, its PDF). Anyone not named, and
 * a recipient once the consent is revoked or expired, gets 404.
 */
import { Hono } from "hono";
import { actorOf, allow, caller } from "../lib/access.ts";
import type { AppEnv } from "../lib/context.ts";
import { idempotent } from "../lib/idempotency.ts";
import { IdParam } from "../lib/params.ts";
import { describe, validate } from "../lib/route.ts";
import { pdf } from "../compliance/http.ts";
import {
  CompanyChoices,
  CompanySearchQuery,
  ConsentAnswer,
  ConsentList,
  ConsentRequest,
  ConsentResults,
} from "./schemas.ts";
import {
  companyChoices,
  consentPdf,
  consentsOf,
  consentsTo,
  grantConsent,
  resultsUnderConsent,
  withdrawConsent,
} from "./service.ts";

const TAGS = ["Consents"];
const NOT_NAMED = "No such consent, not yours or not naming you, or (for a recipient) revoked or expired";

export const consentsRoutes = new Hono<AppEnv>()
  .get(
    "/auth/account/consents",
    allow("user"),
    describe({
      summary: "My consents to release my test results",
      description: "Newest first, each with its status today (active, revoked, expired).",
      tags: TAGS,
      response: ConsentList,
    }),
    async (c) => c.json({ data: await consentsOf(c.var.deps, caller(c)) }, 200),
  )
  .post(
    "/auth/account/consents",
    allow("user"),
    idempotent(),
    describe({
      summary: "Sign a consent: a named company or person may see my test results",
      description:
        "Exactly one recipient: a company (its DER sees) or an e-mail address (the person signed in " +
        "with it sees). Results: all (no dates) or those of tests dated within results_from..results_to " +
        "(office days). It runs until expires_on included, unless revoked. signed_on must be today's office " +
        "day. Audited as consent.granted with the member as subject.",
      tags: TAGS,
      status: 201,
      response: ConsentAnswer,
      errors: { 422: "A field is invalid: the recipient, the range, the dates or the signature" },
    }),
    validate("json", ConsentRequest),
    async (c) => {
      const data = await grantConsent(c.var.deps, actorOf(c), c.req.valid("json"));
      return c.json({ data, message: `Consent given to ${data.recipient.name}.` }, 201);
    },
  )
  .post(
    "/auth/account/consents/:id/revoke",
    allow("user"),
    describe({
      summary: "Revoke my consent",
      description: "At once: its recipient sees nothing more. Safe to repeat. Audited as consent.revoked.",
      tags: TAGS,
      response: ConsentAnswer,
      errors: { 404: "No such consent, or not yours" },
    }),
    validate("param", IdParam),
    async (c) => {
      const data = await withdrawConsent(c.var.deps, actorOf(c), c.req.valid("param").id);
      return c.json({ data, message: `Consent to ${data.recipient.name} revoked.` }, 200);
    },
  )
  .get(
    "/auth/consent-companies",
    allow("user"),
    describe({
      summary: "Companies a member may name in a consent, by a part of their name",
      description: "Live companies only (never a member's own individual business); at most 10.",
      tags: TAGS,
      response: CompanyChoices,
    }),
    validate("query", CompanySearchQuery),
    async (c) => c.json({ data: await companyChoices(c.var.deps, c.req.valid("query").q) }, 200),
  )
  .get(
    "/auth/consents/received",
    allow("user"),
    describe({
      summary: "Consents naming me, or a company I am the DER of, that run today",
      tags: TAGS,
      response: ConsentList,
    }),
    async (c) => c.json({ data: await consentsTo(c.var.deps, caller(c)) }, 200),
  )
  .get(
    "/auth/consents/:id/results",
    allow("user"),
    describe({
      summary: "The member's test results a consent naming me releases",
      description: "Exactly the consent's scope, summaries only (never the laboratory's panel). Audited as " +
        "consent.results_viewed with the member as subject.",
      tags: TAGS,
      response: ConsentResults,
      errors: { 404: NOT_NAMED },
    }),
    validate("param", IdParam),
    async (c) =>
      c.json({ data: await resultsUnderConsent(c.var.deps, actorOf(c), c.req.valid("param").id) }, 200),
  )
  .get(
    "/auth/consents/:id/pdf",
    allow("user"),
    describe({
      summary: "Download a consent as a PDF",
      description: "Its member at any time; its recipient while it runs (audited as consent.pdf_downloaded " +
        "with the member as subject).",
      tags: TAGS,
      produces: "application/pdf",
      errors: { 404: NOT_NAMED },
    }),
    validate("param", IdParam),
    async (c) => {
      const { bytes, filename } = await consentPdf(c.var.deps, actorOf(c), c.req.valid("param").id);
      return pdf(bytes, filename);
    },
  );
