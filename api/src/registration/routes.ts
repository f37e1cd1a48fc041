/** The registration wizard's calls (public spec §4, §7): create the account, then pay. */
import { Hono } from "hono";
import type { Context } from "hono";
import { clientIp, startSession } from "../auth/sessions.ts";
import { requireCaptcha } from "../integrations/captcha/captcha.ts";
import { actorOf, allow, caller } from "../lib/access.ts";
import type { AppEnv } from "../lib/context.ts";
import { invalid } from "../lib/errors.ts";
import { describe, validate } from "../lib/route.ts";
import { PAYMENT_ERROR_DOCS } from "../orders/schemas.ts";
import { buyRegistrationComplianceKit, startRegistrationMembership } from "./purchases.ts";
import {
  ComplianceBody,
  ComplianceResponse,
  DerRegistrationBody,
  MemberRegistrationBody,
  MembershipBody,
  MembershipResponse,
  RegistrationResponse,
} from "./schemas.ts";
import { registerDer, registerMember } from "./service.ts";

const IDEMPOTENCY_KEY = /^[\x20-\x7E]{1,255}$/;

/** The optional Idempotency-Key header: the same key never pays twice. */
function headerKey(c: Context<AppEnv>): string | undefined {
  const key = c.req.header("Idempotency-Key");
  if (key === undefined) return undefined;
  if (!IDEMPOTENCY_KEY.test(key)) {
    throw invalid("Idempotency-Key", "The Idempotency-Key header must be 1 to 255 printable characters.");
  }
  return key;
}

const ACCOUNT_ERRORS = {
  422: "Validation failed, the captcha was refused, or EMAIL_TAKEN: the e-mail already has an account",
};
const PAYMENT_ERRORS = {
  ...PAYMENT_ERROR_DOCS,
  404: "The payment method is not one of the caller's cards",
};

export const registrationRoutes = new Hono<AppEnv>()
  .post(
    "/register/member/account",
    allow("public"),
    describe({
      summary: "Register a member account (signs in: the answer carries the session token)",
      description:
        "Self-employed members get their individual business at once; a company member's company " +
        "waits for an administrator's approval.",
      tags: ["Registration"],
      status: 201,
      response: RegistrationResponse,
      errors: ACCOUNT_ERRORS,
    }),
    validate("json", MemberRegistrationBody),
    async (c) => {
      const input = c.req.valid("json");
      const ip = clientIp(c);
      await requireCaptcha(c.var.deps.captcha, input.recaptcha, ip);
      const user = await registerMember(c.var.deps, input, ip);
      const token = await startSession(c, user.user_id);
      return c.json({ token, user }, 201);
    },
  )
  .post(
    "/register/der/account",
    allow("public"),
    describe({
      summary: "Register a DER account and their company (signs in: the answer carries the session token)",
      description: "The company exists at once, owned by the DER, and waits for an administrator's approval.",
      tags: ["Registration"],
      status: 201,
      response: RegistrationResponse,
      errors: ACCOUNT_ERRORS,
    }),
    validate("json", DerRegistrationBody),
    async (c) => {
      const input = c.req.valid("json");
      const ip = clientIp(c);
      await requireCaptcha(c.var.deps.captcha, input.recaptcha, ip);
      const user = await registerDer(c.var.deps, input, ip);
      const token = await startSession(c, user.user_id);
      return c.json({ token, user }, 201);
    },
  )
  .post(
    "/register/member/membership",
    allow("user"),
    describe({
      summary: "Pay for the member's first membership (annual or one-time) with a saved card",
      description:
        "Charges once per Idempotency-Key header (or, without it, once per attempt: a double click " +
        "cannot pay twice). A decline records a failed order and starts no membership.",
      tags: ["Registration"],
      response: MembershipResponse,
      errors: { ...PAYMENT_ERRORS, 409: "The member already has an active membership" },
    }),
    validate("json", MembershipBody),
    async (c) => {
      const { payment_method_id, is_annual } = c.req.valid("json");
      const body = await startRegistrationMembership(c.var.deps, {
        actor: actorOf(c),
        paymentMethodId: payment_method_id,
        isAnnual: is_annual,
        headerKey: headerKey(c),
      });
      return c.json(body, 200);
    },
  )
  .post(
    "/register/der/compliance",
    allow("der"),
    describe({
      summary: "Pay for the DER's company compliance kit with a saved card",
      description: "Charges once per Idempotency-Key header (or once per attempt without it).",
      tags: ["Registration"],
      response: ComplianceResponse,
      errors: {
        ...PAYMENT_ERRORS,
        404: "Not one of the caller's cards, or no company",
        409: "The kit is bought",
      },
    }),
    validate("json", ComplianceBody),
    async (c) => {
      const { payment_method_id } = c.req.valid("json");
      const body = await buyRegistrationComplianceKit(c.var.deps, {
        userId: caller(c).user_id,
        paymentMethodId: payment_method_id,
        headerKey: headerKey(c),
      });
      return c.json(body, 200);
    },
  );
