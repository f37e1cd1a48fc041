/**
 * Letters of Compliance: download and e-mail (the member, or an administrator for a member), the public key
 * that checks them offline, and the public verification of the code printed on one. The administrators' calls
 * for any member are in admin-routes.ts.
 */
import { Hono } from "hono";
import { z } from "zod";
import { allow, caller } from "../lib/access.ts";
import type { AppEnv } from "../lib/context.ts";
import { describe, validate } from "../lib/route.ts";
import { adminComplianceRoutes } from "./admin-routes.ts";
import { companyComplianceRoutes } from "./company-routes.ts";
import { MessageResponse, pdf, PDF_ERRORS } from "./http.ts";
import { COMPLIANCE_MESSAGES, emailLetter, issueLetter, verifyLetterToken } from "./service.ts";
import { VerificationResponse } from "./schemas.ts";

const Jwk = z.object({
  kty: z.literal("OKP"),
  crv: z.literal("Ed25519"),
  x: z.string(),
  kid: z.string(),
  alg: z.literal("EdDSA"),
  use: z.literal("sig"),
});

const TokenParam = z.object({ token: z.string().max(2048, "The code is too long") });

const ownRoutes = new Hono<AppEnv>()
  .get(
    "/auth/account/compliance-letter",
    allow("user"),
    describe({
      summary: "Download my Letter of Compliance",
      description: "Safe to repeat: a signed letter is issued (and kept in my documents) once per content " +
        "(coverage, name, signing key, issue day); later calls answer that same letter.",
      tags: ["Compliance"],
      produces: "application/pdf",
      errors: PDF_ERRORS,
    }),
    async (c) => {
      const me = caller(c).user_id;
      const letter = await issueLetter(c.var.deps, me, me);
      return pdf(letter.bytes, letter.filename);
    },
  )
  .post(
    "/auth/account/compliance-email",
    allow("user"),
    describe({
      summary: "E-mail me my Letter of Compliance",
      tags: ["Compliance"],
      response: MessageResponse,
      errors: PDF_ERRORS,
    }),
    async (c) => {
      const me = caller(c).user_id;
      await emailLetter(c.var.deps, me, me);
      return c.json({ message: COMPLIANCE_MESSAGES.emailed }, 200);
    },
  )
  .get(
    "/compliance/public-key",
    allow("public"),
    describe({
      summary: "The public key that signs new Letters of Compliance (JWK)",
      description: "Ed25519; the letters' JWS header names it by kid. Cache it to check letters offline.",
      tags: ["Compliance"],
      response: Jwk,
    }),
    (c) => {
      c.header("Cache-Control", "public, max-age=3600");
      return c.json(c.var.deps.letterKeys.publicJwk, 200);
    },
  )
  .get(
    "/compliance/public-keys",
    allow("public"),
    describe({
      summary: "Every public key that has signed Letters of Compliance (JWK Set), the current one first",
      tags: ["Compliance"],
      response: z.object({ keys: z.array(Jwk) }),
    }),
    async (c) => {
      c.header("Cache-Control", "public, max-age=3600");
      return c.json({ keys: await c.var.deps.letterKeys.publicJwks() }, 200);
    },
  )
  .get(
    "/compliance/verify/:token",
    allow("public"),
    describe({
      summary: "Check the code printed on a Letter of Compliance",
      description: "Always 200: a tampered or foreign code answers { genuine: false }.",
      tags: ["Compliance"],
      response: VerificationResponse,
    }),
    validate("param", TokenParam),
    async (c) => {
      c.header("Cache-Control", "no-store");
      return c.json(await verifyLetterToken(c.var.deps, c.req.valid("param").token), 200);
    },
  );

export const complianceRoutes = new Hono<AppEnv>().route("/", ownRoutes).route("/", companyComplianceRoutes)
  .route("/", adminComplianceRoutes);
