/**
 * Refunding a membership charge (issue 37, decision 0081): what can be refunded, and the refund. Not in the
 * specification; the paths follow the administrators' membership calls (`/auth/user/{id}/membership/…`).
 */
import { Hono } from "hono";
import { actorOf, allow, requireRecentSecondFactor } from "../lib/access.ts";
import type { AppEnv } from "../lib/context.ts";
import { IDEMPOTENCY_HEADER, idempotent } from "../lib/idempotency.ts";
import { IdParam } from "../lib/params.ts";
import { describe, validate } from "../lib/route.ts";
import { MembershipRefundAnswer, MembershipRefundDone, RefundBody } from "./refund-schemas.ts";
import { membershipRefundInfo, REFUND_WORDS, refundMembership } from "./refund.ts";

const TAGS = ["Memberships"];

export const membershipRefundRoutes = new Hono<AppEnv>()
  .get(
    "/auth/user/:id/membership/refund",
    allow("admin"),
    describe({
      summary: "The current membership's charge: charged, refunded, what is left to refund",
      description: "Not in the specification (decision 0081). data is null without a membership; refusal " +
        "says why the charge cannot be refunded here (no charge, a manual payment, refunded in full).",
      tags: TAGS,
      response: MembershipRefundAnswer,
      errors: { 404: "No such user" },
    }),
    validate("param", IdParam),
    async (c) => c.json({ data: await membershipRefundInfo(c.var.deps, c.req.valid("param").id) }, 200),
  )
  .post(
    "/auth/user/:id/membership/refund",
    allow("admin"),
    requireRecentSecondFactor(),
    idempotent(),
    describe({
      summary: "Refund the current membership's card charge, whole or in part",
      description:
        "Not in the specification (decision 0081). Through the payment processor; never more than " +
        "what is left to refund. Refunding what is left of the whole charge ends a running term now (as a " +
        "cancellation, with its e-mail); a part refund keeps the term. The member is e-mailed a refund " +
        "receipt (PDF). The Idempotency-Key header is required: a repeat with the same key refunds once.",
      tags: TAGS,
      response: MembershipRefundDone,
      errors: {
        404: "No such user, or no membership",
        409: "No card charge to refund (a manual payment, no order) or refunded in full",
        402: "The processor refused the refund (error is its message)",
        422:
          "amount_cents missing, below 1 cent or more than what is left (issues name it), or the key reused",
        502: "The processor could not be reached; nothing was refunded",
      },
    }),
    validate("param", IdParam),
    validate("json", RefundBody),
    async (c) => {
      const data = await refundMembership(
        c.var.deps,
        actorOf(c),
        c.req.valid("param").id,
        c.req.valid("json"),
        c.req.header(IDEMPOTENCY_HEADER),
      );
      return c.json({ data, message: REFUND_WORDS.refunded }, 200);
    },
  );
