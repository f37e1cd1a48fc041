/**
 * Letters of Compliance: download and e-mail (the member, or an administrator for a member), the public key
 * that checks them offline, and the public verification of the code printed on one.
 */
import { Hono } from "hono";
import { z } from "zod";
import { allow, caller } from "../lib/access.ts";
import type { AppEnv } from "../lib/context.ts";
import { IdParam } from "../lib/params.ts";
import { describe, validate } from "../lib/route.ts";
import { COMPLIANCE_MESSAGES, emailLetter, issueLetter } from "./service.ts";
import { verifyLetterToken } from "./service.ts";
import { VerificationResponse } from "./schemas.ts";

const Jwk = z.object({
  kty: z.literal("OKP"),
  crv: z.literal("Ed25519"),
  x: z.string(),
  kid: z.string(),
  alg: z.literal("EdDSA"),
  use: z.literal("sig"),
});

const MessageResponse = z.object({ message: z.string() });
const TokenParam = z.object({ token: z.string().max(2048, "The code is too long") });
const PDF_ERRORS = { 403: COMPLIANCE_MESSAGES.unavailable };

function pdf(bytes: Uint8Array, filename: string): Response {
  return new Response(bytes as Uint8Array<ArrayBuffer>, {
    status: 200,
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "private, no-store",
    },
  });
}

export const complianceRoutes = new Hono<AppEnv>()
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
  .get(
    "/auth/user/:id/compliance-letter",
    allow("admin"),
    describe({
      summary: "Download a member's Letter of Compliance",
      description: "Safe to repeat: the member's letter of today's content is issued once and reused.",
      tags: ["Compliance"],
      produces: "application/pdf",
      errors: { ...PDF_ERRORS, 404: "No such user" },
    }),
    validate("param", IdParam),
    async (c) => {
      const letter = await issueLetter(c.var.deps, c.req.valid("param").id, caller(c).user_id);
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
